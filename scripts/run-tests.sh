#!/usr/bin/env bash
# Runs every test suite (ctest, lit, pytest), then prints one summary.
# Exits non-zero when any test fails or a suite ran no test at all.
# Usage: scripts/run-tests.sh BUILD_DIR
set -uo pipefail
build=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")/.." && pwd)
logs="$build/test-logs"
mkdir -p "$logs"

total_pass=0
total_fail=0
summary=()
status=0

# record SUITE PASSED FAILED EXIT_CODE
record() {
  local suite=$1 passed=$2 failed=$3 rc=$4
  total_pass=$((total_pass + passed))
  total_fail=$((total_fail + failed))
  local note=""
  if ((passed + failed == 0)); then
    note=" (ran no test: counted as a failure)"
    status=1
  elif ((failed > 0 || rc != 0)); then
    status=1
  fi
  summary+=("$(printf '  %-8s %4d passed, %d failed%s (log: %s)' "$suite" "$passed" "$failed" "$note" "$logs/$suite.log")")
}

echo "== ctest (GoogleTest units and runtime tests; lit and pytest follow on their own)"
ctest --test-dir "$build" --label-exclude suite --output-on-failure -j "$(nproc)" 2>&1 | tee "$logs/ctest.log"
rc=${PIPESTATUS[0]}
line=$(grep -E 'tests passed, [0-9]+ tests failed out of [0-9]+' "$logs/ctest.log" | tail -1)
if [[ $line =~ ([0-9]+)\ tests\ failed\ out\ of\ ([0-9]+) ]]; then
  failed=${BASH_REMATCH[1]}; all=${BASH_REMATCH[2]}
  record ctest $((all - failed)) "$failed" "$rc"
else
  record ctest 0 0 "$rc"
fi

echo "== lit (FarHint pass)"
"$build/venv/bin/python" "$("$here/scripts/llvm-dir.sh" "$build")/build/utils/lit/lit.py" -sv \
  "$build/test-suite/lit" 2>&1 | tee "$logs/lit.log"
rc=${PIPESTATUS[0]}
passed=$(grep -oE 'Passed *: *[0-9]+' "$logs/lit.log" | grep -oE '[0-9]+$' || echo 0)
failed=$(grep -oE '(Failed|Unresolved|Timed Out|Unexpectedly Passed) *: *[0-9]+' "$logs/lit.log" | grep -oE '[0-9]+$' | awk '{s+=$1} END {print s+0}')
record lit "${passed:-0}" "${failed:-0}" "$rc"

echo "== pytest (profile-tools and end-to-end runtime tests)"
FARHINT_BUILD_DIR="$build" PYTHONPATH="$here/profile-tools" \
  "$build/venv/bin/python" -m pytest -q -p no:cacheprovider "$here/profile-tools/tests" "$here/test-suite/e2e" 2>&1 | tee "$logs/pytest.log"
rc=${PIPESTATUS[0]}
last=$(tail -1 "$logs/pytest.log")
passed=$(grep -oE '[0-9]+ passed' <<<"$last" | grep -oE '[0-9]+' || echo 0)
failed=$(grep -oE '[0-9]+ (failed|error|errors)' <<<"$last" | grep -oE '[0-9]+' | awk '{s+=$1} END {print s+0}')
record pytest "${passed:-0}" "${failed:-0}" "$rc"

echo
echo "farhint test summary:"
printf '%s\n' "${summary[@]}"
echo "total: $total_pass passed, $total_fail failed"
exit $status
