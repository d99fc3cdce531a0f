"""Live sources for the benchmarks, and stopping a player the way a user does.

A live source is the ffmpeg tool serving a media file in real time (`-re -c copy`) on
127.0.0.1, to the one player that connects: it starts sending when that player connects, so
every player gets the same stream from its first picture, and it ends when the file does. The
stream announces no length, so FloatApp plays it as a live room (D8): live edge, reconnection
after the end, no recording controls, the path a user's live room takes.
- `http` (the default): MPEG-TS over HTTP (`-f mpegts -listen 1 http://...`). The server sends
  everything and closes, so every player gets the whole file.
- `rtmp`: FLV over RTMP (`-f flv -listen 1 rtmp://...`), the protocol of the project's server.
  The server closes the connection without reading the player's last acknowledgements, so
  the kernel resets it and the player loses what it had not read yet: 0.3-0.4 s for a player
  that keeps up, more for one behind (a bounded queue reads less ahead).

A player that does not exit at the end (FloatApp reconnects, as a live room should) gets
SIGINT, as a user's Ctrl+C or window close would end it, once its source has ended and its
picture has stood still for `grace` seconds; the time until then is part of its measured run
(nothing is subtracted).
"""

import os
import signal
import subprocess
import time

from desktop import wait_until


def free_port():
    """A TCP port on 127.0.0.1 that nobody listens on now (bound and released)."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port):
    """Whether something listens on 127.0.0.1:`port`, from /proc/net/tcp (a test connection
    would be taken as the source's one player)."""
    want = "0100007F:%04X" % port
    with open("/proc/net/tcp") as f:
        return any(line.split()[1] == want and line.split()[3] == "0A" for line in f.readlines()[1:])


PROTOCOLS = {"http": ("mpegts", "http://127.0.0.1:%d/clip.ts"), "rtmp": ("flv", "rtmp://127.0.0.1:%d/live/clip")}


class LiveSource:
    """The ffmpeg tool serving `media` live over `LiveSource.protocol` ("http" or "rtmp", which
    a benchmark's --live sets) on a free port of 127.0.0.1; `wait_ready` waits until it listens
    (several sources start side by side)."""

    protocol = "http"

    def __init__(self, desk, media, log):
        self.desk = desk
        self.port = free_port()
        muxer, url = PROTOCOLS[self.protocol]
        self.url = url % self.port
        self.proc = desk.spawn(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-i", media,
                                "-c", "copy", "-f", muxer, "-listen", "1", self.url],
                               stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        self.ended_at = None

    def wait_ready(self):
        """Waits until the source listens for its player; returns it."""
        wait_until(lambda: listening(self.port) or self.proc.poll() is not None, 15, "the live source on port %d" % self.port)
        if self.proc.poll() is not None:
            raise RuntimeError("the live source exited at start (status %s)" % self.proc.returncode)
        return self

    def ended(self):
        """Whether the source has sent its whole file (and exited); notes the time it did."""
        if self.ended_at is None and self.proc.poll() is not None:
            self.ended_at = time.monotonic()
        return self.ended_at is not None

    def close(self):
        self.desk.stop(self.proc)
        self.desk.forget(self.proc)


def run_until_sources_end(proc, sources, grace, timeout, progress=None):
    """Waits for `proc` to exit by itself; once every source in `sources` has ended and, when
    `progress` is given (the wall time of the player's last new picture, e.g. its stats log's
    last write), no new picture came for `grace` seconds, sends SIGINT (again each second
    after). Returns (exit status, rusage, how it stopped: "exited" or "SIGINT at +S s" after the
    last source's end, seconds from that end to its exit or None)."""
    start = time.monotonic()
    interrupted_at = None
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid == proc.pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            ended = sources and all(s.ended() for s in sources)
            end = max(s.ended_at for s in sources) if ended else None
            after = time.monotonic() - end if ended else None
            how = "SIGINT at +%.1f s" % (interrupted_at - end) if interrupted_at else "exited"
            return proc.returncode, usage, how, after
        now = time.monotonic()
        if sources and all(s.ended() for s in sources):
            idle = now - max(s.ended_at for s in sources)
            if progress is not None and progress() is not None:
                idle = min(idle, time.time() - progress())
            if idle >= grace and (interrupted_at is None or now - interrupted_at >= 1):
                interrupted_at = now
                proc.send_signal(signal.SIGINT)
        if now - start > timeout:
            proc.kill()
        time.sleep(0.01)
