"""Driving a server through its load, for `farhint bench` (a suite program
with `load`, docs/suites.md): however the server is started (natively,
under kernel swap, under the runtime, profiled), a LoadDriver given its
process waits until it accepts connections on its port, runs the warm-up
command, optionally sends a signal (the profiler's start), runs the load
command and times it, sends that signal again (the profiler's stop: what
the server does on its way out is not its serving), then stops the server
with SIGTERM. The commands
run natively, outside any memory limit."""

import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass

READY_POLL_S = 0.02


def free_port() -> int:
    """A port nothing listens on now (the server binds it a moment later)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def accepts(port: int) -> bool:
    """Something on this machine accepts connections on port."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


@dataclass(frozen=True)
class Serving:
    """A server's load and warm-up commands for one size ({client} filled in)."""

    load: str
    warmup: str | None

    def start(self, args, timeout, start_signal=None):
        """The arguments of one run on a free port, and its LoadDriver."""
        port = free_port()
        return (
            [a.replace("{port}", str(port)) for a in args],
            LoadDriver(self.load, self.warmup, port, timeout, start_signal),
        )


class LoadDriver:
    """Call it with the server's Popen as soon as it starts; result() when
    the server has ended: (the load's seconds, None) or (None, what went
    wrong); output is what the load printed. timeout bounds the wait for
    the port and each command."""

    def __init__(
        self,
        load: str,
        warmup: str | None,
        port: int,
        timeout: float,
        start_signal: signal.Signals | None = None,
    ):
        self.commands = [c.replace("{port}", str(port)) for c in (warmup, load) if c]
        self.port, self.timeout, self.start_signal = port, timeout, start_signal
        self.seconds, self.error, self.output = None, None, ""

    def __call__(self, proc):
        self.thread = threading.Thread(target=self._drive, args=(proc,), daemon=True)
        self.thread.start()

    def result(self):
        self.thread.join()
        return self.seconds, self.error

    def _drive(self, proc):
        try:
            self._wait_ready(proc)
            *warmup, load = self.commands
            for command in warmup:
                self._run(command)
            if self.start_signal:
                proc.send_signal(self.start_signal)
            t0 = time.monotonic()
            self.output = self._run(load)
            self.seconds = time.monotonic() - t0
            if self.start_signal:
                proc.send_signal(self.start_signal)
        except RuntimeError as err:
            self.error = str(err)
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)

    def _wait_ready(self, proc):
        deadline = time.monotonic() + self.timeout
        while not accepts(self.port):
            if proc.poll() is not None:
                raise RuntimeError(
                    f"the server ended (exit {proc.returncode}) before it "
                    f"accepted connections on port {self.port}"
                )
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"the server did not accept connections on port "
                    f"{self.port} within {self.timeout:.0f} s"
                )
            time.sleep(READY_POLL_S)

    def _run(self, command) -> str:
        """The command's stdout; RuntimeError if it fails."""
        try:
            out = subprocess.run(
                command, shell=True, capture_output=True, text=True, timeout=self.timeout
            )
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"`{command}` did not end within {self.timeout:.0f} s") from None
        if out.returncode != 0:
            raise RuntimeError(
                f"`{command}` failed (exit {out.returncode}): "
                f"{(out.stderr or out.stdout).strip()[-300:]}"
            )
        return out.stdout
