# A second core for the build: pure work handed to a forked child and joined later, or done in-process.
from __future__ import annotations

import gc
import os
import pickle
import signal
import sys
import threading
from types import TracebackType
from typing import Callable, Generic, TypeVar

T = TypeVar("T")
JOBS_VARIABLE = "HATCH_TOOLSCHEMA_JOBS"  # "1": never fork


def can_fork() -> bool:
    """Fork only where it is cheap and safe: Linux, a single thread, more than one CPU, not switched off."""
    if os.environ.get(JOBS_VARIABLE, "").strip() == "1" or not sys.platform.startswith("linux"):
        return False
    # SIGCHLD ignored (inherited from whatever started the build): the kernel reaps children, and their status is lost
    if signal.getsignal(signal.SIGCHLD) == signal.SIG_IGN:
        return False
    # A child gets only the forking thread: locks held by the others would never open. Threads started by
    # C code are not in `threading`, so count the process's own (Python 3.12 warns about them too).
    if threading.active_count() > 1 or _os_threads() > 1:
        return False
    return len(os.sched_getaffinity(0)) > 1


def _os_threads() -> int:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return 2  # unknown: assume the worst


class Background(Generic[T]):
    """`work()` runs in a forked child while the caller goes on; `result()` returns what it returned.

    `work` must be pure: only its return value (pickled) comes back. Where forking is not possible,
    or the child does not report a result (it raised, or died), `result()` runs `work()` in-process,
    so the outcome, an exception included, is always the same as a plain call. Speculative work
    passes `instead`: what `result()` returns then, in place of doing the work.
    """

    def __init__(self, work: Callable[[], T], worth_it: bool = True, instead: Callable[[], T] | None = None) -> None:
        self._work = work
        self._instead = instead or work
        self._pid = 0
        self._pipe = -1
        if worth_it and can_fork():  # a fork costs a few milliseconds: not for small work
            self._fork()

    def _fork(self) -> None:
        read, write = os.pipe()
        try:
            pid = os.fork()
        except OSError:  # e.g. a process limit: do the work in-process, at `result()`
            os.close(read)
            os.close(write)
            return
        if pid == 0:  # the child: no exit handlers, no flushing of the parent's buffers, whatever happens
            code = 1
            try:
                gc.disable()  # it frees nothing before it exits: a collection would only cost time
                os.close(read)
                payload = pickle.dumps(self._work(), protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write, "wb") as pipe:
                    pipe.write(payload)
                code = 0
            finally:
                os._exit(code)
        os.close(write)
        self._pid, self._pipe = pid, read

    def result(self) -> T:
        if self._pid:
            payload, code = self._join()
            if code == 0:
                return pickle.loads(payload)  # noqa: S301 - our own child's data
        return self._instead()

    def _join(self) -> tuple[bytes, int]:
        """Read everything the child sends, then reap it; interrupted, stop it first (never a zombie)."""
        pid, pipe = self._pid, self._pipe
        self._pid, self._pipe = 0, -1
        chunks = []
        try:
            with os.fdopen(pipe, "rb") as reader:
                while chunk := reader.read(1 << 20):
                    chunks.append(chunk)
        except BaseException:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise
        try:
            _, status = os.waitpid(pid, 0)
        except ChildProcessError:  # reaped by someone else (a SIGCHLD handler): whether it succeeded is unknown
            return b"", 1
        return b"".join(chunks), os.waitstatus_to_exitcode(status)

    def __enter__(self) -> Background[T]:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        if self._pid:  # left early (the caller raised): stop the child and reap it
            os.kill(self._pid, signal.SIGKILL)
            self._join()
