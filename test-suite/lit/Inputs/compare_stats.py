"""Compares the runtime statistics of an unhinted and a hinted run:
the hinted run must serve most faults on the hinted path."""

import json
import sys
from pathlib import Path

plain = json.loads(Path(sys.argv[1]).read_text())["counters"]
hinted = json.loads(Path(sys.argv[2]).read_text())["counters"]
print(
    f"plain: unhinted {plain['faults_unhinted']}; hinted run: hinted "
    f"{hinted['faults_hinted']}, read-ahead {hinted['readahead_pages']}, "
    f"unhinted {hinted['faults_unhinted']}"
)
# The plain run's scans fault in address order, so the runtime's own
# read-ahead brings most pages; the first fault of every window still traps.
assert plain["faults_unhinted"] > 100, "the plain run must fault through userfaultfd"
assert hinted["faults_hinted"] > 0 and hinted["readahead_pages"] > 0
assert hinted["faults_unhinted"] < 0.1 * plain["faults_unhinted"], "hints did not catch the faults"
print("hinted faults replaced unhinted ones")
