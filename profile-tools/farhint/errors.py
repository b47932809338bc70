"""The one kind of error farhint reports to its user without a traceback.

Every problem with what the user gave (a profile, a suite file, a size, an
option) or with what the machine offers (no cgroup controller, no swap, a
part not built) is a UserError, or a kind of it: cli.main prints its
message once, as `farhint COMMAND: message`, and exits with its code.
"""


class UserError(Exception):
    exit_code = 2  # a usage or configuration error: nothing ran (cli.EXIT_CODES)
