"""A local live server for the benchmarks: scripts/server.sh (nginx with the RTMP module) on
free ports, with the URLs a publisher and players use and the HLS settings it runs with.
"""

import os
import re
import socket
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "scripts", "server.sh")


def free_port():
    """A TCP port on 127.0.0.1 that nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, timeout=10):
    """Waits until something accepts connections on 127.0.0.1:`port`; raises TimeoutError."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError("the live server did not open port %d within %.0f s" % (port, timeout))


class LiveServer:
    """scripts/server.sh on free ports: RTMP (application `live`), HTTP (HLS, /stat) and Janus's.

    `spawn(args, env=..., **kw)` starts the script (subprocess.Popen by default; a Desktop's
    spawn makes the desktop end it too). `stop()` ends it by its process id; the script then
    stops nginx and removes its files.
    """

    def __init__(self, spawn=subprocess.Popen, env=None):
        self.rtmp_port = free_port()
        self.http_port = free_port()
        while self.http_port == self.rtmp_port:
            self.http_port = free_port()
        # scripts/server.sh also runs Janus, and stops nginx when Janus cannot start: on ports of
        # its own too, not the defaults another server on the machine may hold.
        janus_http, janus_ws = free_port(), free_port()
        env = dict(env if env is not None else os.environ, RTMP_PORT=str(self.rtmp_port), HTTP_PORT=str(self.http_port),
                   JANUS_HTTP_PORT=str(janus_http), JANUS_WS_PORT=str(janus_ws))
        self.proc = spawn([SCRIPT], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_port(self.rtmp_port)
            wait_port(self.http_port)
        except TimeoutError:
            self.stop()
            raise

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def rtmp_url(self, stream):
        return "rtmp://127.0.0.1:%d/live/%s" % (self.rtmp_port, stream)

    def hls_url(self, stream):
        return "http://127.0.0.1:%d/hls/%s.m3u8" % (self.http_port, stream)

    @property
    def stats_url(self):
        return "http://127.0.0.1:%d/stat" % self.http_port

    def server_entry(self, server_id="local"):
        """The rooms file's `servers` entry for this server (play and publish over RTMP)."""
        return {"id": server_id, "title": "Local server", "stats": self.stats_url,
                "play": self.rtmp_url("{stream}"), "publish": self.rtmp_url("{stream}")}

    @staticmethod
    def hls_settings():
        """The HLS directives scripts/server.sh configures, e.g. {'hls_fragment': '1s', ...}."""
        with open(SCRIPT) as f:
            text = f.read()
        return dict(re.findall(r"\b(hls_fragment|hls_playlist_length)\s+([^;\s]+);", text))
