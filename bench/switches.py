#!/usr/bin/env python3
"""Switches benchmark: float <-> full view, measured from the X server.

FloatApp (release build) plays a live room from a local nginx-rtmp (an ffmpeg `-re` testsrc2 +
440 Hz tone push, loopback; 60 fps by default, so one picture is 16.7 ms and a switch that loses
at most one picture stays within 33 ms; `--fps 30` for the 30 fps room of earlier runs) on a private Xvfb + openbox. Every DamageNotify on the
app's windows (main and float) is recorded with the server's time (bench/xdamage.py), and a few
rows of the damaged window are read right after each one to find black pictures. Sound plays
into a PulseAudio null sink whose monitor parec records; dropouts in the steady tone are found
afterwards.

Switches are made the ways a user makes them, without XTEST (under Xvfb an XTEST key or button
press stalls every client's drawing for 100-200 ms, which would time Xvfb, not the app):
- minimize the main window (the ICCCM WM_CHANGE_STATE message, as `xdotool windowminimize`):
  the room floats (auto_pip); activate the minimized main window (_NET_ACTIVE_WINDOW, as a
  taskbar does): the float ends (auto_exit);
- `p` in the main window and `Escape` in the float, as key events sent to the focused window
  with XSendEvent (the window is activated through the window manager first);
- a click on the float (button 1 press and release sent to it with XSendEvent), after `p` or
  after a minimize (then the main window must be mapped again).

Per switch: the longest time without a new picture on any of the app's windows, from the last
picture before the switch until the new window's fourth; the same over the same span of steady
playback just before each switch, for comparison; black pictures; and sound dropouts.
"""

import argparse
import json
import os
import statistics
import struct
import subprocess
import sys
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop, need, wait_until  # noqa: E402
from liveserver import LiveServer  # noqa: E402
from xdamage import ScreenWatch  # noqa: E402

from Xlib import X, XK, display  # noqa: E402
from Xlib.protocol import event as xevent  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")
RATE = 48000
TONE_HZ = 440
GOAL_MS = 33


def missed_ms(fps):
    """A gap longer than this means at least one frame went by with no new picture: one and a
    half frame periods (25 ms at 60 fps, 50 ms at 30 fps)."""
    return 1500.0 / fps
# The new window's pictures a switch waits for before it counts as done.
PICTURES_AFTER = 4
# A picture whose sampled rows are at least this dark is a black one; one under ROOM shows the
# room's video (testsrc2 has no dark pixels; the list and an empty room view are mostly dark).
BLACK = 0.9
ROOM = 0.5
# A dropout: the tone's level under this fraction of its median for more than DROPOUT_MS.
DROPOUT_LEVEL = 0.2
DROPOUT_MS = 20
STEP_TIMEOUT = 10.0
# Steady playback between switches, in seconds.
SETTLE = 0.35


class Session:
    """FloatApp's two windows, and the moves of the benchmark sent to them."""

    def __init__(self, watch, main, float_):
        self.w = watch
        self.q = watch.query
        self.root = self.q.screen().root
        self.main = self.q.create_resource_object("window", main)
        self.float = self.q.create_resource_object("window", float_)
        self.atoms = {n: self.q.intern_atom(n) for n in ("_NET_ACTIVE_WINDOW", "WM_CHANGE_STATE")}

    def _client_message(self, window, atom, data):
        ev = xevent.ClientMessage(window=window, client_type=self.atoms[atom], data=(32, data + [0] * (5 - len(data))))
        self.root.send_event(ev, event_mask=X.SubstructureRedirectMask | X.SubstructureNotifyMask)
        self.q.flush()

    def minimize(self):
        self._client_message(self.main, "WM_CHANGE_STATE", [3])  # IconicState

    def activate(self, window, t):
        self._client_message(window, "_NET_ACTIVE_WINDOW", [2, t, 0])  # source 2: a pager or taskbar

    def active(self):
        prop = self.root.get_full_property(self.atoms["_NET_ACTIVE_WINDOW"], X.AnyPropertyType)
        return prop.value[0] if prop is not None and len(prop.value) else None

    def key(self, window, keysym, t):
        code = self.q.keysym_to_keycode(keysym)
        for kind, mask, dt in ((xevent.KeyPress, X.KeyPressMask, 0), (xevent.KeyRelease, X.KeyReleaseMask, 40)):
            ev = kind(time=t + dt, root=self.root, window=window, same_screen=1, child=X.NONE,
                      root_x=0, root_y=0, event_x=0, event_y=0, state=0, detail=code)
            window.send_event(ev, event_mask=mask, propagate=False)
        self.q.flush()

    def click(self, window, t):
        g = window.get_geometry()
        pos = window.translate_coords(self.root, 0, 0)
        x, y = g.width // 2, g.height // 2
        rx, ry = -pos.x + x, -pos.y + y
        for kind, mask, state, dt in ((xevent.ButtonPress, X.ButtonPressMask, 0, 0),
                                      (xevent.ButtonRelease, X.ButtonReleaseMask, X.Button1Mask, 60)):
            ev = kind(time=t + dt, root=self.root, window=window, same_screen=1, child=X.NONE,
                      root_x=rx, root_y=ry, event_x=x, event_y=y, state=state, detail=1)
            window.send_event(ev, event_mask=mask, propagate=False)
        self.q.flush()


class Shots:
    """Screenshots of the whole screen at chosen times after the first switch of each kind, read
    with GetImage on a connection of their own (each read stalls the server for some ms: the
    switches shot are not representative of timing)."""

    def __init__(self, display_name, offsets_ms):
        self.conn = display.Display(display_name) if offsets_ms else None
        self.offsets = offsets_ms
        self.done = set()
        self.taken = []

    def around(self, label, local0):
        """Takes the shots of `label`'s first switch, requested at `local0`."""
        if self.conn is None or label in self.done:
            return
        self.done.add(label)
        root = self.conn.screen().root
        g = root.get_geometry()
        for ms in self.offsets:
            time.sleep(max(0.0, local0 + ms / 1000.0 - time.monotonic()))
            image = root.get_image(0, 0, g.width, g.height, X.ZPixmap, 0xFFFFFFFF)
            self.taken.append((label, ms, g.width, g.height, image.data))

    def save(self, prefix):
        """Writes each shot as a PNG in bench/out; returns their paths."""
        paths = []
        for label, ms, w, h, data in self.taken:
            slug = "".join(c if c.isalnum() else "-" for c in label.lower()).strip("-")
            path = os.path.join(OUT, "%s-%s-%dms.png" % (prefix, slug, ms))
            write_png(path, w, h, data)
            paths.append(path)
        return paths


def write_png(path, width, height, bgrx):
    """A BGRX ZPixmap as an RGB PNG."""
    rows = bytearray()
    for y in range(height):
        line = bgrx[y * width * 4:(y + 1) * width * 4]
        rgb = bytearray(width * 3)
        rgb[0::3], rgb[1::3], rgb[2::3] = line[2::4], line[1::4], line[0::4]
        rows += b"\0" + rgb

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b""))


def pictures(watch, t_from, t_to):
    """(server ms, window name, dark) of each picture in [t_from, t_to], one per window and ms."""
    seen = {}
    for d in watch.damages:
        if t_from <= d.server_ms <= t_to and d.name in ("main", "float"):
            key = (d.server_ms, d.name)
            if key not in seen or (d.dark is not None and (seen[key] is None or d.dark > seen[key])):
                seen[key] = d.dark
    return sorted((t, n, dark) for (t, n), dark in seen.items())


def longest_gap(times):
    ts = sorted(set(times))
    return max((b - a for a, b in zip(ts, ts[1:])), default=None)


class Bench:
    """Runs the switch kinds and measures each switch from the recorded damage."""

    def __init__(self, watch, session, cycles, shots):
        self.w, self.s, self.cycles, self.shots = watch, session, cycles, shots
        self.records = []

    def _wait_switch(self, t0, local0, new, old_unmapped, what):
        def done(w):
            if len({d.server_ms for d in w.damages if d.name == new and d.server_ms >= t0}) < PICTURES_AFTER:
                return False
            return old_unmapped is None or any(m.name == old_unmapped and not m.mapped and m.local >= local0
                                               for m in w.mappings)
        self.w.wait(done, STEP_TIMEOUT, what)

    def _settle(self, window):
        """Steady playback in `window`: SETTLE seconds and at least 6 pictures there."""
        start = time.monotonic()
        self.w.wait(lambda w: w.count(window, start) >= 6 and time.monotonic() - start >= SETTLE,
                    STEP_TIMEOUT, "steady pictures in the %s window" % window)

    def _focus(self, window):
        t = self.w.server_time()
        self.s.activate(window, t)
        wait_until(lambda: self.s.active() == window.id, STEP_TIMEOUT, "the focus on 0x%x" % window.id)
        # SDL takes the keyboard focus from the FocusIn that follows; leave it a moment.
        time.sleep(0.05)

    def switch(self, kind, direction, new, old_unmapped, act):
        local0 = time.monotonic()
        t0 = self.w.server_time()
        act(t0)
        self.shots.around("%s %s" % (kind, direction), local0)
        self._wait_switch(t0, local0, new, old_unmapped, "%s %s" % (kind, direction))
        self.records.append(dict(kind=kind, direction=direction, t0=t0, new=new))

    # The pairs.

    def minimize_activate(self):
        self._settle("main")
        self.switch("minimize (auto_pip)", "enter", "float", "main", lambda t: self.s.minimize())
        self._settle("float")
        self.switch("activate the minimized main window (auto_exit)", "leave", "main", "float",
                    lambda t: self.s.activate(self.s.main, t))

    def keys(self):
        self._focus(self.s.main)
        self._settle("main")
        self.switch("P", "enter", "float", None, lambda t: self.s.key(self.s.main, XK.XK_p, t))
        self._focus(self.s.float)
        self._settle("float")
        self.switch("Esc in the float", "leave", "main", "float", lambda t: self.s.key(self.s.float, XK.XK_Escape, t))

    def key_then_click(self):
        self._focus(self.s.main)
        self._settle("main")
        self.switch("P", "enter", "float", None, lambda t: self.s.key(self.s.main, XK.XK_p, t))
        self._settle("float")
        self.switch("click on the float (main window on screen)", "leave", "main", "float",
                    lambda t: self.s.click(self.s.float, t))

    def minimize_click(self):
        self._settle("main")
        self.switch("minimize (auto_pip)", "enter", "float", "main", lambda t: self.s.minimize())
        self._settle("float")
        self.switch("click on the float (main window minimized)", "leave", "main", "float",
                    lambda t: self.s.click(self.s.float, t))

    def run(self, failures):
        for pair in (self.minimize_activate, self.keys, self.key_then_click, self.minimize_click):
            for i in range(self.cycles):
                try:
                    pair()
                except TimeoutError as err:
                    failures.append("%s cycle %d: %s" % (pair.__name__, i + 1, err))
                    print("bench: " + failures[-1], flush=True)
                    self.recover()
                if (i + 1) % 10 == 0 or i + 1 == self.cycles:
                    print("%s: %d/%d cycles" % (pair.__name__, i + 1, self.cycles), flush=True)

    def recover(self):
        """After a step that timed out: the main window back in front, the float gone."""
        t = self.w.server_time()
        self.s.activate(self.s.main, t)
        time.sleep(1.0)
        if self.w.is_mapped(self.s.float.id):
            self.s.click(self.s.float, self.w.server_time())
            time.sleep(1.0)

    # Measures.

    def measure(self):
        for r in self.records:
            t0 = r["t0"]
            after = sorted({d.server_ms for d in self.w.damages if d.name == r["new"] and d.server_ms >= t0})
            t_end = after[PICTURES_AFTER - 1] if len(after) >= PICTURES_AFTER else (after[-1] if after else t0)
            before = [t for t, _, _ in pictures(self.w, t0 - 2000, t0 - 1)]
            t_start = before[-1] if before else t0
            span = pictures(self.w, t_start, t_end)
            r["gap_ms"] = longest_gap([t for t, _, dark in span if dark is not None and dark < ROOM])
            r["black"] = sum(1 for t, name, dark in span
                             if name == r["new"] and t >= t0 and dark is not None and dark >= BLACK)
            r["first_new_ms"] = after[0] - t0 if after else None
            r["span_ms"] = t_end - t_start
            # The same span of steady playback just before the switch.
            steady = [t for t, _, dark in pictures(self.w, t_start - r["span_ms"], t_start)
                      if dark is not None and dark < ROOM]
            r["steady_gap_ms"] = longest_gap(steady)
        return self.records


def find_dropouts(path):
    """Dropouts in the recorded tone: runs of 1 ms blocks whose peak is under DROPOUT_LEVEL of the
    median block peak, longer than DROPOUT_MS, ignoring the silence before the tone starts and
    after it ends. Returns (list of (start s from the recording's start, length ms), seconds analysed)."""
    import array
    data = array.array("h")
    with open(path, "rb") as f:
        data.frombytes(f.read())
    block = RATE // 1000
    peaks = [max(abs(v) for v in data[i:i + block]) for i in range(0, len(data) - block + 1, block)]
    if not peaks:
        return [], 0.0
    loud = sorted(peaks)[len(peaks) // 2]
    level = max(1, loud * DROPOUT_LEVEL)
    on = [p >= level for p in peaks]
    first = on.index(True) if True in on else len(on)
    last = len(on) - 1 - on[::-1].index(True) if True in on else -1
    drops, run = [], 0
    for i in range(first, last + 1):
        if not on[i]:
            run += 1
            continue
        if run > DROPOUT_MS:
            drops.append(((i - run) / 1000.0, run))
        run = 0
    return drops, max(0, last - first + 1) / 1000.0


def start_pulse(desk):
    """A private PulseAudio with one null sink, `bench`; returns its socket."""
    folder = os.path.join(desk.tmp, "pulse")
    os.makedirs(folder, mode=0o700, exist_ok=True)
    socket = os.path.join(folder, "native")
    script = os.path.join(folder, "bench.pa")
    with open(script, "w") as f:
        f.write("load-module module-native-protocol-unix auth-anonymous=1 socket=%s\n"
                "load-module module-null-sink sink_name=bench rate=%d\nset-default-sink bench\n" % (socket, RATE))
    env = desk.env(HOME=folder, XDG_RUNTIME_DIR=folder, PULSE_RUNTIME_PATH=os.path.join(folder, "run"),
                   PULSE_STATE_PATH=os.path.join(folder, "state"))
    desk.spawn(["pulseaudio", "-n", "-F", script, "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
                "--log-target=file:" + os.path.join(folder, "log")], env=env,
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_until(lambda: os.path.exists(socket), 15, "PulseAudio's socket")
    return "unix:" + socket


def summarize(records, fps):
    rows = []
    kinds = []
    for r in records:
        if r["kind"] not in kinds:
            kinds.append(r["kind"])
    for kind in kinds:
        rs = [r for r in records if r["kind"] == kind and r["gap_ms"] is not None]
        gaps = [r["gap_ms"] for r in rs]
        steady = [r["steady_gap_ms"] for r in rs if r["steady_gap_ms"] is not None]
        first = [r["first_new_ms"] for r in rs if r["first_new_ms"] is not None]
        rows.append(dict(kind=kind, direction=rs[0]["direction"] if rs else "?", count=len(rs),
                         gap_median=statistics.median(gaps) if gaps else None, gap_worst=max(gaps, default=None),
                         over_goal=sum(1 for g in gaps if g > GOAL_MS),
                         missed=sum(1 for g in gaps if g > missed_ms(fps)),
                         steady_over_goal=sum(1 for g in steady if g > GOAL_MS),
                         steady_median=statistics.median(steady) if steady else None,
                         steady_worst=max(steady, default=None),
                         first_new_median=statistics.median(first) if first else None,
                         black=sum(r["black"] for r in rs)))
    return rows


def fmt(v):
    return "-" if v is None else ("%.0f" % v if isinstance(v, (int, float)) else str(v))


def report(rows, started, load_start, load_end, cycles, drops, seconds, switches_at, env, failures, pictures_total, fps):
    lines = []
    out = lines.append
    out("Switches benchmark, %s (%d switches each way per pair; load average %s at start, %s at end)"
        % (started, cycles, load_start, load_end))
    out("FloatApp release build, Xvfb 1920x1080 + openbox, a %d fps RTMP live room from a local nginx-rtmp (GOP %d)%s"
        % (fps, fps, "; FloatApp environment: " + " ".join(env) if env else ""))
    out("gap = the longest time without a new picture of the room (a DamageNotify on the main window or the "
        "float, server time, ms, whose window's sampled rows then showed the video) from the last one before "
        "the switch to the new window's %s; black = pictures of the new window whose sampled rows were black; "
        "steady = the same over the same span of playback just before the switch" % (
            {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(PICTURES_AFTER, "%dth" % PICTURES_AFTER)))
    out("")
    out("| switch | count | gap median ms | gap worst ms | over %d ms | over %d ms (a frame missed) "
        "| steady median ms | steady worst ms | steady over %d ms | request to first new-window picture median ms "
        "| black pictures |" % (GOAL_MS, missed_ms(fps), GOAL_MS))
    out("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        out("| %s | %d | %s | %s | %d | %d | %s | %s | %d | %s | %d |" % (
            r["kind"], r["count"], fmt(r["gap_median"]), fmt(r["gap_worst"]), r["over_goal"], r["missed"],
            fmt(r["steady_median"]), fmt(r["steady_worst"]), r["steady_over_goal"], fmt(r["first_new_median"]),
            r["black"]))
    out("")
    steady = [d for d in drops if d[0] < switches_at]
    during = [d for d in drops if d[0] >= switches_at]
    near = [d for d in during if d[2] is not None and d[2] <= 500]
    switching = max(1.0, seconds - switches_at)

    def longest(ds):
        return " (longest %d ms)" % max(d[1] for d in ds) if ds else ""
    out("Sound: dropouts over %d ms in the recorded tone: %d in %.0f s of steady playback before the switches "
        "(%.1f a minute)%s; %d in %.0f s of switches (%.1f a minute)%s, %d of them within 0.5 s after a request"
        % (DROPOUT_MS, len(steady), switches_at, 60 * len(steady) / max(1.0, switches_at), longest(steady),
           len(during), switching, 60 * len(during) / switching, longest(during), len(near)))
    out("Pictures recorded: %d" % pictures_total)
    if failures:
        out("")
        out("Steps that timed out:")
        lines.extend("- " + f for f in failures)
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cycles", type=int, default=50, help="switches each way per pair (default 50)")
    ap.add_argument("--floatapp", default=os.path.join(ROOT, ".build", "static", "release", "floatapp"))
    ap.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                    help="extra environment for FloatApp, e.g. SDL_RENDER_DRIVER=opengl (repeatable)")
    ap.add_argument("--steady", type=float, default=20.0,
                    help="seconds of steady playback recorded before the switches, the sound's baseline (default 20)")
    ap.add_argument("--fps", type=int, choices=(30, 60), default=60,
                    help="the room's frame rate, its GOP one second (default 60: one picture is 16.7 ms)")
    ap.add_argument("--shots", type=lambda v: [int(x) for x in v.split(",")], default=[], metavar="MS,MS,...",
                    help="screenshots this many ms after the first switch of each kind (their timing is disturbed)")
    ap.add_argument("--name", default="switches", help="output file names in bench/out (default switches)")
    args = ap.parse_args()
    need("Xvfb", "openbox", "ffmpeg", "pulseaudio", "parec", "nginx", args.floatapp)
    os.makedirs(OUT, exist_ok=True)
    started = time.strftime("%Y-%m-%d %H:%M %Z", time.gmtime())
    load_start = "%.1f" % os.getloadavg()[0]
    failures = []
    with Desktop("switches") as desk:
        pulse = start_pulse(desk)
        server = LiveServer(spawn=desk.spawn, env=desk.env())
        url = "rtmp://127.0.0.1:%d/live/bench" % server.rtmp_port
        desk.spawn(["ffmpeg", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=%d" % args.fps,
                    "-f", "lavfi", "-i", "sine=frequency=%d:sample_rate=%d" % (TONE_HZ, RATE),
                    "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", str(args.fps),
                    "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", "-f", "flv", url],
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rooms = os.path.join(desk.tmp, "rooms.json")
        with open(rooms, "w") as f:
            json.dump({"rooms": [{"id": "live", "title": "Bench Live", "kind": "live", "source": url}]}, f)
        extra = dict(SDL_AUDIODRIVER="pulseaudio", PULSE_SERVER=pulse,
                     XDG_STATE_HOME=os.path.join(desk.tmp, "state"), XDG_CONFIG_HOME=os.path.join(desk.tmp, "config"))
        for item in args.env:
            k, _, v = item.partition("=")
            extra[k] = v
        app_log = open(os.path.join(OUT, args.name + "-floatapp.log"), "w")
        watch = ScreenWatch(desk.display, sample=True)
        app = desk.spawn([args.floatapp, "--rooms", rooms, "--open", "live"], env=desk.env(**extra),
                         stdin=subprocess.DEVNULL, stdout=app_log, stderr=app_log)
        windows = {}

        def both():
            for wid in watch.client_windows(pid=app.pid):
                cls = watch.query.create_resource_object("window", wid).get_wm_class() or ()
                name = {"floatapp": "main", "PictureInPicture": "float"}.get(cls[0] if cls else None)
                if name:
                    windows[name] = wid
            return "main" in windows and "float" in windows
        wait_until(both, 30, "FloatApp's main window and float")
        watch.watch(windows["main"], "main")
        watch.watch(windows["float"], "float")
        watch.wait(lambda w: w.count("main") >= 30, 60, "the room playing in the main window")
        sound = os.path.join(desk.tmp, "sound.raw")
        rec = desk.spawn(["parec", "-d", "bench.monitor", "--format=s16le", "--rate=%d" % RATE, "--channels=1",
                          "--latency-msec=20", "--raw", sound], env=desk.env(PULSE_SERVER=pulse),
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rec_start = time.monotonic()
        time.sleep(args.steady)
        switches_start = time.monotonic() - rec_start
        session = Session(watch, windows["main"], windows["float"])
        shots = Shots(desk.display, args.shots)
        bench = Bench(watch, session, args.cycles, shots)
        bench.run(failures)
        time.sleep(0.5)
        desk.stop(rec)
        desk.forget(rec)
        app.terminate()
        app.wait(timeout=10)
        desk.forget(app)
        app_log.close()
        server.stop()
        records = bench.measure()
        drops, seconds = find_dropouts(sound)
        # The server's clock is CLOCK_MONOTONIC in ms; the smallest read delay seen places this
        # process's monotonic clock on it.
        offset = min(d.local * 1000 - d.server_ms for d in watch.damages)
        starts = sorted(r["t0"] for r in records)
        for i, (at, ms) in enumerate(drops):
            t = (rec_start + at) * 1000 - offset
            before = [t0 for t0 in starts if t0 <= t]
            drops[i] = (at, ms, t - before[-1] if before else None, round(t))
        total = len(watch.damages)
        with open(os.path.join(OUT, args.name + "-screen.json"), "w") as f:
            json.dump(dict(damages=[d._asdict() for d in watch.damages], mappings=[m._asdict() for m in watch.mappings],
                           local_minus_server_ms=offset), f)
        watch.close()
        for path in shots.save(args.name):
            print("screenshot: " + path)
    load_end = "%.1f" % os.getloadavg()[0]
    rows = summarize(records, args.fps)
    with open(os.path.join(OUT, args.name + ".json"), "w") as f:
        json.dump(dict(fps=args.fps, rows=rows, switches=records, dropouts=drops, switches_start_s=switches_start, failures=failures),
                  f, indent=1)
    text = report(rows, started, load_start, load_end, args.cycles, drops, seconds, switches_start, args.env, failures,
                  total, args.fps)
    print()
    print(text)
    with open(os.path.join(OUT, args.name + ".md"), "w") as f:
        f.write(text + "\n")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
