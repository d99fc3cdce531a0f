"""Soak: the real app on Xvfb + openbox under random, human-paced input for MINUTES.

Input goes through XTEST (python3-xlib): key taps (room switches with Up/Down/Return and Esc,
P to float and Esc to restore, M to mute, +/- and arrows in the float), flings of the float
(motion at 125 Hz whose speed builds up, release 0-12 ms after the last report), window
resizes, and rewrites of the rooms file (valid and broken). Every 5 s it samples the app's
RSS, threads and descriptors from /proc. A crash (the app gone without being asked) is
counted and the app restarted. Seeded: prints FLOATAPP_SEED, which replays the input.

RSS, threads and descriptors are compared in one state, the list with no room open: once after
the warm-up (a sixth of the run, 30 s to 5 minutes; a quarter of a short run) and once at the end. The last line is
machine-readable: `soak: crashes=N rss_warm_kb=.. rss_end_kb=.. rss_growth_pct=..
anon_warm_kb=.. anon_end_kb=.. rss_max_kb=.. threads_warm=.. threads_end=.. threads_max=.. fds_warm=.. fds_end=..
fds_max=..` (anon: the heap part of RSS; the maxima over the run after the warm-up, rooms open
or not).
"""

import json
import os
import random
import subprocess
import sys
import time

from Xlib import X, XK, display as xdisplay
from Xlib.ext import xtest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop, need, wait_until  # noqa: E402

SAMPLE_EVERY = 5.0
WARM_UP = 30.0

ROOMS = [
    ("bars", "Bars", "lavfi:smptebars=size=640x360:rate=25[out0];sine=f=330:sample_rate=48000[out1]"),
    ("pattern", "Pattern", "lavfi:testsrc2=size=640x360:rate=30[out0];sine=f=440:sample_rate=48000[out1]"),
    ("color", "Colour", "lavfi:color=c=0x2a6f97:size=640x360:rate=30[out0];anoisesrc=a=0.02:sample_rate=48000[out1]"),
]
CALL = ("call", "Call", [("Ada", "lavfi:testsrc2=size=320x180:rate=25[out0];sine=f=220:sample_rate=48000[out1]"),
                         ("Grace", "lavfi:rgbtestsrc=size=320x180:rate=25[out0];sine=f=550:sample_rate=48000[out1]")])


def rooms_json(rng, broken=False):
    rooms = [{"id": i, "title": "%s %d" % (t, rng.randrange(1000)), "kind": "live", "source": s}
             for i, t, s in ROOMS if rng.random() < 0.85 or i == "bars"]
    cid, ctitle, people = CALL
    rooms.append({"id": cid, "title": ctitle, "kind": "call",
                  "participants": [{"name": n, "source": s} for n, s in people]})
    text = json.dumps({"rooms": rooms}, indent=2)
    return text[: rng.randrange(len(text))] if broken else text


class Soak:
    def __init__(self, desk, binary, minutes, rng):
        self.desk, self.binary, self.rng = desk, binary, rng
        self.end = time.monotonic() + minutes * 60
        self.folder = desk.tmp
        self.rooms = os.path.join(self.folder, "rooms.json")
        self.write_rooms(rooms_json(rng))
        self.x = xdisplay.Display(desk.display)
        self.app = None
        self.main_size = None
        self.crashes = []
        self.samples = []
        self.started = time.monotonic()

    def write_rooms(self, text):
        tmp = self.rooms + ".tmp"
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, self.rooms)

    def start_app(self):
        for name in ("config", "state", "home"):
            os.makedirs(os.path.join(self.folder, name), exist_ok=True)
        env = self.desk.env(SDL_AUDIODRIVER="dummy", HOME=os.path.join(self.folder, "home"),
                            XDG_CONFIG_HOME=os.path.join(self.folder, "config"),
                            XDG_STATE_HOME=os.path.join(self.folder, "state"))
        self.log = open(os.path.join(self.folder, "floatapp-%d.log" % len(self.crashes)), "w")
        self.app = self.desk.spawn([self.binary, "--rooms", self.rooms], env=env, stdout=self.log, stderr=self.log)
        wait_until(lambda: self.main_window(), 30, "the main window")
        if self.main_size is None:
            g = self.geometry(self.main_window())
            self.main_size = (g.get("WIDTH"), g.get("HEIGHT"))

    def windows(self, pattern):
        return self.desk.windows(name=pattern)

    def main_window(self):
        found = self.windows("^FloatApp$")
        return found[0] if found else None

    def float_window(self):
        found = self.windows(" - PiP$")
        return found[0] if found else None

    # Input, paced like a hand.

    def pause(self, low=0.08, high=0.4):
        time.sleep(self.rng.uniform(low, high))

    def tap(self, keysym_name):
        code = self.x.keysym_to_keycode(XK.string_to_keysym(keysym_name))
        xtest.fake_input(self.x, X.KeyPress, code)
        self.x.sync()
        time.sleep(self.rng.uniform(0.04, 0.09))
        xtest.fake_input(self.x, X.KeyRelease, code)
        self.x.sync()

    def activate(self, wid):
        if wid:
            self.desk.run(["xdotool", "windowactivate", "--sync", wid], check=False)
            self.pause(0.03, 0.06)
        return wid

    def geometry(self, wid):
        out = self.desk.run(["xdotool", "getwindowgeometry", "--shell", wid], check=False).stdout
        g = dict(line.split("=", 1) for line in out.split() if "=" in line)
        return {k: int(v) for k, v in g.items() if k in ("X", "Y", "WIDTH", "HEIGHT")}

    def fling(self):
        wid = self.float_window()
        g = self.geometry(wid) if wid else {}
        if len(g) < 4:
            return "fling skipped (no float)"
        x, y = g["X"] + g["WIDTH"] // 2, g["Y"] + g["HEIGHT"] // 2
        self.desk.run(["xdotool", "mousemove", str(x - 1), str(y - 1)], check=False)
        xtest.fake_input(self.x, X.MotionNotify, True, x=1, y=1)
        self.x.sync()
        self.pause(0.05, 0.15)
        xtest.fake_input(self.x, X.ButtonPress, 1)
        self.x.sync()
        angle_x, angle_y = self.rng.choice([-1, 1]) * self.rng.uniform(0.3, 1), self.rng.choice([-1, 1]) * self.rng.uniform(0.3, 1)
        steps = self.rng.randrange(8, 30)
        for i in range(steps):
            speed = 2 + 40 * (i / steps) ** 2 * self.rng.uniform(0.6, 1.2)
            xtest.fake_input(self.x, X.MotionNotify, True, x=int(angle_x * speed), y=int(angle_y * speed))
            self.x.sync()
            time.sleep(0.008)
        time.sleep(self.rng.uniform(0, 0.012))
        xtest.fake_input(self.x, X.ButtonRelease, 1)
        self.x.sync()
        return "fling"

    def act(self):
        """One random human action; returns its name."""
        choice = self.rng.random()
        main, flt = self.main_window(), self.float_window()
        if choice < 0.30:
            self.activate(main)
            for _ in range(self.rng.randrange(1, 4)):
                self.tap(self.rng.choice(["Up", "Down", "Down"]))
                self.pause()
            self.tap(self.rng.choice(["Return", "Return", "Escape"]))
            return "room switch"
        if choice < 0.45:
            self.activate(main)
            self.tap("p")
            return "float (P)"
        if choice < 0.55 and flt:
            self.activate(flt)
            self.tap("Escape")
            return "restore (Esc)"
        if choice < 0.70 and flt:
            return self.fling()
        if choice < 0.78:
            self.activate(flt or main)
            self.tap(self.rng.choice(["m", "plus", "minus", "Left", "Right", "Up", "Down"]))
            return "float key"
        if choice < 0.88 and main:
            w, h = self.rng.randrange(640, 1600), self.rng.randrange(420, 1000)
            self.desk.run(["xdotool", "windowsize", main, str(w), str(h)], check=False)
            return "resize"
        self.write_rooms(rooms_json(self.rng, broken=self.rng.random() < 0.25))
        return "rooms edit"

    # Measuring.

    def sample(self):
        pid = self.app.pid
        try:
            with open("/proc/%d/status" % pid) as f:
                status = dict(line.split(":", 1) for line in f if ":" in line)
            fds = len(os.listdir("/proc/%d/fd" % pid))
        except (FileNotFoundError, ProcessLookupError):
            return
        self.samples.append((time.monotonic() - self.started, int(status["VmRSS"].split()[0]),
                             int(status["Threads"]), fds, int(status["RssAnon"].split()[0])))

    def to_list(self):
        """Brings the app back to its list with no room open, in its first size (a bigger window
        holds bigger buffers), and waits for its threads to settle and the freed memory to go back."""
        main = self.main_window()
        if main and all(self.main_size):
            self.desk.run(["xdotool", "windowsize", main, str(self.main_size[0]), str(self.main_size[1])], check=False)
        for _ in range(3):
            flt = self.float_window()
            if flt:
                self.activate(flt)
                self.tap("Escape")
                self.pause(0.5, 0.8)
            self.activate(self.main_window())
            self.tap("Escape")
            self.pause(0.5, 0.8)
            if not self.float_window():
                break
        time.sleep(3)
        self.sample()
        return self.samples[-1]

    def check_alive(self):
        code = self.app.poll()
        if code is None:
            return
        self.crashes.append(code)
        print("soak: the app died (status %s) after %.0f s; log %s" % (code, time.monotonic() - self.started, self.log.name))
        with open(self.log.name) as f:
            print("".join(f.readlines()[-20:]))
        self.desk.forget(self.app)
        self.start_app()

    def warm_up(self):
        """Seconds before the first comparison: a quarter of a short run, a sixth of a long one
        from 30 s up to 5 minutes (fonts, textures and allocator arenas fill during the first
        minutes of use)."""
        total = self.end - self.started
        return min(total / 4, max(WARM_UP, min(300.0, total / 6)))

    def run(self):
        """Plays the input until the end; returns the actions' counts and the list-state samples
        after the warm-up and at the end."""
        self.start_app()
        next_sample = time.monotonic()
        actions = {}
        warm = None
        while time.monotonic() < self.end:
            if warm is None and time.monotonic() - self.started >= self.warm_up():
                warm = self.to_list()
            name = self.act()
            actions[name] = actions.get(name, 0) + 1
            self.pause(0.3, 1.5)
            self.check_alive()
            if time.monotonic() >= next_sample:
                self.sample()
                next_sample += SAMPLE_EVERY
        self.check_alive()
        return actions, warm, self.to_list()


def main():
    minutes = float(sys.argv[1]) if len(sys.argv) > 1 else 10
    binary = os.environ.get("FLOATAPP_BIN") or sys.exit("soak: set FLOATAPP_BIN to the floatapp binary")
    need("Xvfb", "openbox", "xdotool", "xprop", binary)
    seed = int(os.environ.get("FLOATAPP_SEED") or random.randrange(2 ** 32))
    print("soak: %.1f minutes, FLOATAPP_SEED=%d" % (minutes, seed), flush=True)
    with Desktop("soak") as desk:
        soak = Soak(desk, binary, minutes, random.Random(seed))
        actions, warm, end = soak.run()
        samples = soak.samples
        closing = soak.app.poll() is None
        Desktop.stop(soak.app, grace=5)
        if closing and soak.app.returncode not in (0, -15):
            soak.crashes.append(soak.app.returncode)
    print("soak: actions %s" % ", ".join("%s %d" % kv for kv in sorted(actions.items())))
    for t, rss, threads, fds, anon in samples[:: max(1, len(samples) // 12)] + [samples[-1]]:
        print("soak: t=%5.0f s  rss=%7d kB  anon=%7d kB  threads=%3d  fds=%3d" % (t, rss, anon, threads, fds))
    growth = 100.0 * (end[1] - warm[1]) / warm[1]
    later = [s for s in samples if s[0] > warm[0]]
    print("soak: in the list after warm-up (t=%.0f s) and at the end (t=%.0f s), no room open:" % (warm[0], end[0]))
    print("soak: crashes=%d rss_warm_kb=%d rss_end_kb=%d rss_growth_pct=%.1f anon_warm_kb=%d anon_end_kb=%d "
          "rss_max_kb=%d threads_warm=%d threads_end=%d threads_max=%d fds_warm=%d fds_end=%d fds_max=%d" % (
              len(soak.crashes), warm[1], end[1], growth, warm[4], end[4], max(s[1] for s in later),
              warm[2], end[2], max(s[2] for s in later), warm[3], end[3], max(s[3] for s in later)))
    return 1 if soak.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
