"""A private headless desktop for the benchmarks: Xvfb 1920x1080x24 plus openbox.

Every process started through `Desktop.spawn` is remembered and ended (by its id)
when the desktop closes, on normal exit, on an exception, or on SIGINT/SIGTERM.
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

WIDTH, HEIGHT = 1920, 1080


def need(*tools):
    """Exits with a clear message when a command-line tool is missing."""
    missing = [t for t in tools if shutil.which(t) is None and not os.path.exists(t)]
    if missing:
        sys.exit("bench: missing tools: %s (run `make bench`, which installs them)" % " ".join(missing))


def wait_until(predicate, timeout, what, interval=0.01):
    """Polls `predicate` until it returns a true value; raises TimeoutError naming `what`."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError("timed out after %.1f s waiting for %s" % (timeout, what))
        time.sleep(interval)


class Desktop:
    """Xvfb on a display it picks itself (-displayfd), openbox on top, and a scratch folder."""

    def __init__(self, name):
        self.name = name
        self.procs = []
        self.tmp = tempfile.mkdtemp(prefix="floatapp-%s-" % name)
        self.display = None
        self._old_handlers = {}

    # Set-up and tear-down.

    def __enter__(self):
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            self._old_handlers[sig] = signal.signal(sig, self._on_signal)
        try:
            self._start_x()
            self._start_wm()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def _on_signal(self, signum, _frame):
        raise SystemExit(128 + signum)

    def close(self):
        """Ends every process this desktop started, newest first, then removes the scratch folder."""
        for proc in reversed(self.procs):
            self.stop(proc)
        self.procs.clear()
        shutil.rmtree(self.tmp, ignore_errors=True)
        for sig, handler in self._old_handlers.items():
            signal.signal(sig, handler)
        self._old_handlers.clear()

    @staticmethod
    def stop(proc, grace=2.0):
        """Terminates one process by its id, then kills it if it lingers."""
        if proc.poll() is not None:
            return
        try:
            proc.terminate()
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=grace)
        except ProcessLookupError:
            pass

    def _start_x(self):
        read_fd, write_fd = os.pipe()
        xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "%dx%dx24" % (WIDTH, HEIGHT),
             "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.procs.append(xvfb)
        os.close(write_fd)
        number = b""
        deadline = time.monotonic() + 15
        os.set_blocking(read_fd, False)
        while not number.endswith(b"\n"):
            if time.monotonic() > deadline or xvfb.poll() is not None:
                os.close(read_fd)
                raise RuntimeError("Xvfb did not start")
            try:
                chunk = os.read(read_fd, 16)
            except BlockingIOError:
                chunk = b""
            if chunk:
                number += chunk
            else:
                time.sleep(0.02)
        os.close(read_fd)
        self.display = ":" + number.decode().strip()
        socket = "/tmp/.X11-unix/X" + number.decode().strip()
        wait_until(lambda: os.path.exists(socket), 10, "the X socket " + socket)

    def _start_wm(self):
        rc = os.path.join(self.tmp, "openbox-rc.xml")
        src = "/etc/xdg/openbox/rc.xml"
        if os.path.exists(src):
            shutil.copy(src, rc)
            args = ["openbox", "--config-file", rc]
        else:
            args = ["openbox"]
        self.spawn(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def wm_ready():
            out = self.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], check=False).stdout
            return "window id" in out

        wait_until(wm_ready, 15, "openbox (_NET_SUPPORTING_WM_CHECK)", interval=0.05)

    # Running things on the desktop.

    def env(self, **extra):
        """The environment for programs on this desktop: its DISPLAY, a private runtime folder."""
        env = dict(os.environ)
        env.pop("WAYLAND_DISPLAY", None)
        runtime = os.path.join(self.tmp, "runtime")
        os.makedirs(runtime, mode=0o700, exist_ok=True)
        env.update(DISPLAY=self.display, XDG_RUNTIME_DIR=runtime)
        env.update({k: str(v) for k, v in extra.items()})
        return env

    def spawn(self, args, env=None, **kw):
        """Starts a process that the desktop ends when it closes."""
        proc = subprocess.Popen(args, env=env or self.env(), **kw)
        self.procs.append(proc)
        return proc

    def forget(self, proc):
        """Stops tracking a process that has already been reaped."""
        if proc in self.procs:
            self.procs.remove(proc)

    def windows(self, name=None, pid=None):
        """Ids of the visible windows whose title matches the regex `name` and/or that belong to
        process `pid`. Titles are read from _NET_WM_NAME (UTF-8) with xprop, since xdotool's
        `--name` cannot read a UTF-8 WM_NAME (FloatApp's titles are UTF-8 in a UTF-8 locale)."""
        query = ["xdotool", "search", "--all", "--onlyvisible", "--class", "."] + (["--pid", str(pid)] if pid else [])
        ids = self.run(query, check=False).stdout.split()
        if name is None:
            return ids
        found = []
        for wid in ids:
            out = subprocess.run(["xprop", "-id", wid, "-notype", "_NET_WM_NAME"], env=self.env(LC_ALL="C.UTF-8"),
                                 capture_output=True, text=True, check=False, timeout=10).stdout
            title = out.partition(" = ")[2].strip()
            if len(title) >= 2 and title[0] == title[-1] == '"':
                title = title[1:-1]
            if re.search(name, title):
                found.append(wid)
        return found

    def run(self, args, check=True, timeout=10):
        """Runs a short command (xdotool, xprop, ...) on the desktop and returns its result."""
        return subprocess.run(args, env=self.env(), capture_output=True, text=True, check=check, timeout=timeout)
