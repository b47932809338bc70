"""Suite files (farhint bench --suite): what a user writes, and the errors
that tell them what is wrong with it."""

import pytest

from farhint import suite

CRONO_SOURCES = [
    "apps/apsp/apsp.cc",
    "apps/bc/bc.cc",
    "apps/bfs/bfs.cc",
    "apps/community/community_lock.cc",
    "apps/connected_components/connected_components_lock.cc",
    "apps/dfs/dfs.cc",
    "apps/pagerank/pagerank.cc",
    "apps/sssp/sssp.cc",
    "apps/triangle_counting/triangle_counting_lock.cc",
    "apps/tsp/tsp.cc",
]


def write_suite(tmp_path, programs, head='[suite]\nsrc = "."\n'):
    (tmp_path / "a.c").write_text("int main(void) { return 0; }\n")
    path = tmp_path / "s.toml"
    path.write_text(head + programs)
    return str(path)


GOOD = '[programs.a]\nsources = ["a.c"]\nsmall = ["1"]\nlarge = [2]\n'


def test_the_bundled_apps_are_a_suite_whose_sources_exist():
    apps = suite.bundled().programs
    assert list(apps)[:3] == ["qsort", "gen", "kvstore"] and len(apps) == 14
    for app in apps.values():
        assert all((app.src / s).is_file() for s in app.sources), app.name
        assert app.check.kind == "checksum-line" and app.args("small") and app.args("large")
    assert {n for n, a in apps.items() if a.manual} == {"kvstore", "websvc"}
    assert apps["dataframe"].cxx and apps["csr"].cxx and not apps["qsort"].cxx
    assert any(f.endswith("apps/common") for f in apps["qsort"].flags)
    assert [n for n, a in apps.items() if a.server] == ["kvserver", "evserver"]
    for server in ("kvserver", "evserver"):
        assert "{port}" in apps[server].args("small") and apps[server].client


def test_the_crono_suite_covers_its_ten_programs_in_a_checkout(tmp_path):
    for s in CRONO_SOURCES:
        (tmp_path / s).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / s).write_text("")
    crono = suite.load("crono", str(tmp_path), threads=4)
    assert len(crono.programs) == 10
    assert {s for p in crono.programs.values() for s in p.sources} == set(CRONO_SOURCES)
    assert crono.programs["bfs"].args("large")[:2] == ["0", "4"]  # {threads}
    assert all(p.cxx for p in crono.programs.values())
    assert crono.programs["bfs"].check == suite.Check("file", "myfile.txt")


def test_a_suite_without_bundled_sources_asks_for_src():
    with pytest.raises(suite.SuiteError, match="--src DIR"):
        suite.load("crono")


def test_a_missing_source_is_named(tmp_path):
    for s in CRONO_SOURCES[1:]:
        (tmp_path / s).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / s).write_text("")
    with pytest.raises(
        suite.SuiteError, match=r"\[programs.apsp\].*apps/apsp/apsp.cc does not exist"
    ):
        suite.load("crono", str(tmp_path))


def test_unknown_suite_names_the_shipped_ones():
    with pytest.raises(suite.SuiteError, match="bundled, crono"):
        suite.load("parsec")


def test_inputs_may_be_integers_and_threads_are_substituted(tmp_path):
    program = suite.load(
        write_suite(tmp_path, GOOD.replace('["1"]', '["{threads}", 1]')), threads=3
    ).programs["a"]
    assert program.args("small") == ["3", "1"] and program.args("large") == ["2"]
    assert not program.server


def test_src_in_arguments_names_a_file_beside_the_sources(tmp_path):
    program = suite.load(
        write_suite(tmp_path, GOOD.replace('["1"]', '["{src}/input.txt", "{threads}"]'))
    ).programs["a"]
    assert program.args("small") == [f"{tmp_path.resolve()}/input.txt", "1"]


SERVER = GOOD.replace('["1"]', '["{port}"]').replace("[2]", '["-p", "{port}"]')


def test_a_server_has_its_load_by_size(tmp_path):
    one = suite.load(write_suite(tmp_path, SERVER + 'load = "bench {port}"\n')).programs["a"]
    assert one.server and one.load == {"small": "bench {port}", "large": "bench {port}"}
    assert one.warmup == {} and one.client == ()
    sized = suite.load(
        write_suite(
            tmp_path,
            SERVER + 'client = ["a.c"]\n'
            'load = { small = "{client} 1", large = "{client} 9" }\n'
            'warmup = "{client} 0"\n',
        )
    ).programs["a"]
    assert sized.load["large"] == "{client} 9" and sized.warmup["small"] == "{client} 0"


@pytest.mark.parametrize(
    "programs,message",
    [
        (GOOD + "tread = 2\n", r"\[programs.a\]: unknown key\(s\) tread"),
        (GOOD + 'build = "make"\n', "either sources"),
        ('[programs.a]\nbuild = "make"\nsmall = []\nlarge = []\n', "build needs binary"),
        ('[programs.a]\nsources = ["a.c"]\nlarge = ["1"]\n', "no small input"),
        (GOOD + 'check = "md5"\n', "check 'md5' is none of"),
        (GOOD + "threads = 0\n", "threads must be a positive integer"),
        (GOOD + "manual = 1\n", "manual must be true or false"),
        (GOOD.replace('["a.c"]', '"a.c"'), "sources must be a list of strings"),
        (GOOD.replace("[2]", "[true]"), "large must be a list of strings or integers"),
        ("[programs]\n", "no \\[programs.NAME\\] tables"),
        (GOOD + "[extra]\n", "unknown table"),
        (GOOD + "[programs.b\n", "not valid TOML"),
        (GOOD + 'load = "x"\n', "a server's small arguments must hold {port}"),
        (SERVER + 'warmup = "x"\n', "client and warmup are for a server, which needs load"),
        (SERVER + 'load = { small = "x" }\n', "load must be a shell command, or a table"),
        (SERVER + 'client = ["b.c"]\nload = "x"\n', "client source .*b.c does not exist"),
    ],
)
def test_bad_suites_name_the_problem(tmp_path, programs, message):
    with pytest.raises(suite.SuiteError, match=message):
        suite.load(write_suite(tmp_path, programs))


def test_checks_reduce_output_to_a_value(tmp_path):
    assert suite.Check("checksum-line").value("x\nchecksum 1f\n", tmp_path) == "1f"
    assert suite.Check("checksum-line").value("no checksum here\n", tmp_path) is None
    timed = suite.parse_check("stdout", ignore="^Time")
    assert timed.value("a\nTime 1.0\n", tmp_path) == timed.value("a\nTime 2.0\n", tmp_path)
    assert timed.value("a\n", tmp_path) != timed.value("b\n", tmp_path)
    in_file = suite.parse_check("file:out.txt")
    assert in_file.value("", tmp_path) is None  # not written: the run failed to produce it
    (tmp_path / "out.txt").write_text("42\n")
    assert in_file.value("", tmp_path)
    grep = suite.parse_check("command:grep -o 'best [0-9]*' .farhint-stdout")
    assert grep.value("t1 best 7\n", tmp_path) == grep.value("t2 best 7\n", tmp_path)
    assert grep.value("best 7\n", tmp_path) != grep.value("best 8\n", tmp_path)
    assert grep.value("nothing\n", tmp_path) is None  # the command failed
    assert suite.parse_check("none").value("", tmp_path) == "unchecked"
