"""The one kind of error farhint reports to its user without a traceback,
and farhint's exit codes.

Every problem with what the user gave (a profile, a suite file, a size, an
option) or with what the machine offers (no cgroup controller, no swap, a
part not built) is a UserError, or a kind of it: cli.main prints its
message once, as `farhint COMMAND: message`, and exits with its code.
"""

# The exit codes: `farhint --help` prints this table, and the tests read it.
EXIT_USAGE = 2  # the runtime's too, for a configuration error (init.c)
EXIT_NOT_BUILT = 3
EXIT_RUNTIME_STOPPED = 70  # libfarmem's when it stops the program (log.c)
EXIT_INTERRUPTED = 130
EXIT_CODES = [
    ("0", "success"),
    ("N", "`run`, `profile`: the program's own exit code (128+N when signal N ended it)"),
    (
        EXIT_USAGE,
        "a usage or configuration error, named on stderr (the program did not start)",
    ),
    (EXIT_NOT_BUILT, "a subcommand this version of farhint does not have"),
    (
        EXIT_RUNTIME_STOPPED,
        "the far-memory runtime stopped the program; its message says why\n"
        "       (the memory server was lost, a kernel call failed)",
    ),
    (EXIT_INTERRUPTED, "interrupted"),
]


class UserError(Exception):
    exit_code = EXIT_USAGE  # nothing ran
