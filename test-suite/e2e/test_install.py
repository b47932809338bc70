"""`make install PREFIX=...` gives a working tree of its own: the commands,
libraries and headers, with launchers that point into the prefix."""

import subprocess

from conftest import BUILD


def test_installed_tree_runs_the_pipeline(tmp_path):
    prefix = tmp_path / "prefix"
    subprocess.run(
        ["cmake", "--install", str(BUILD), "--prefix", str(prefix)], check=True, capture_output=True
    )
    for part in (
        "bin/farhint",
        "bin/farhint-cc",
        "bin/farhint-c++",
        "bin/farmem-server",
        "lib/libfarmem.so",
        "lib/farhint.so",
        "lib/FarHintPass.so",
        "include/farhint/hint.h",
        "include/farhint/trace.h",
    ):
        assert (prefix / part).exists(), part
    assert str(BUILD) not in (prefix / "bin" / "farhint").read_text()

    src = tmp_path / "touch.c"
    src.write_text(
        "#include <farhint/hint.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
        "int main(void) { long n = 1 << 20, s = 0; long *a = calloc(n, 8);\n"
        "  for (long i = 0; i < n; i++) { hint_fault(&a[i], 0, 8, 8, 0, 1); s += a[i] + i; }\n"
        '  printf("%ld\\n", s); return 0; }\n'
    )
    exe = tmp_path / "touch"
    subprocess.run(
        [str(prefix / "bin" / "farhint-cc"), "-O2", str(src), "-o", str(exe)], check=True
    )
    out = subprocess.run(
        [str(prefix / "bin" / "farhint"), "run", "--local", "1M", "--stats", "--", str(exe)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str((1 << 20) * ((1 << 20) - 1) // 2)
    assert "faults: hinted" in out.stderr

    # the bundled suite finds the apps' sources in the installed tree
    listed = subprocess.run(
        [str(prefix / "bin" / "farhint"), "bench", "--programs", "nope"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert listed.returncode == 2 and "choose from qsort, gen" in listed.stderr, listed.stderr
