"""What the X server shows of a program's windows, seen from outside the program.

`ScreenWatch` records every DamageNotify on the windows it watches (raw rectangles: one event
per drawing the server carries out, a present of the software renderer is one), stamped with
the server's own time in milliseconds, and their maps and unmaps. It reads the server's clock
(`server_time`), so what a benchmark does (a client message, a D-Bus call) can be placed on
the same clock as what the screen showed, and samples a damaged window's pixels right after
each damage (`sample=True`) to tell a picture from a black one.

It needs python3-xlib (the system python: /usr/bin/python3). Two connections: one only reads
events, on a thread of its own; the other makes requests (the clock, pixels, the window tree).
"""

import collections
import threading
import time

import Xlib.threaded  # noqa: F401  (python-xlib's locks, before any Display exists)
from Xlib import X, Xatom, display
from Xlib.ext import damage

# A picture as the server drew it: `server_ms` is the server's time, `local` this process's
# monotonic clock when the event was read; `dark` is the fraction of near-black pixels in the
# rows sampled right after it (None when not sampled).
Damage = collections.namedtuple("Damage", "name wid server_ms local x y w h dark")
# A map or unmap of a watched window, read at `local`; `server_ms` is the server time of the
# last event read before it (maps carry no time of their own).
Mapping = collections.namedtuple("Mapping", "name wid mapped local server_ms")

# A pixel is dark when none of its channels is above this (of 255).
DARK_LEVEL = 24


def dark_fraction(data, depth_bytes=4):
    """The fraction of pixels in a ZPixmap row buffer (BGRX) with every channel <= DARK_LEVEL."""
    n = len(data) // depth_bytes
    if n == 0:
        return None
    dark = 0
    for i in range(0, n * depth_bytes, depth_bytes):
        if data[i] <= DARK_LEVEL and data[i + 1] <= DARK_LEVEL and data[i + 2] <= DARK_LEVEL:
            dark += 1
    return dark / n


class ScreenWatch:
    """Damage and map events of chosen windows on one X display, with the server's time."""

    def __init__(self, display_name, sample=False, sample_rows=(0.3, 0.5, 0.7), sample_step=4):
        self.events_conn = display.Display(display_name)
        self.query = display.Display(display_name)
        if not self.events_conn.has_extension("DAMAGE"):
            raise RuntimeError("the X server has no DAMAGE extension")
        self.events_conn.damage_query_version()
        self.damages = []
        self.mappings = []
        self.names = {}
        self.sample = sample
        self.sample_rows = sample_rows
        self.sample_step = sample_step
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._last_ms = 0
        self._stop = False
        self._clock = self.query.screen().root.create_window(-10, -10, 1, 1, 0, 0, window_class=X.InputOnly,
                                                            event_mask=X.PropertyChangeMask)
        self._clock_atom = self.query.intern_atom("_FLOATAPP_BENCH_CLOCK")
        self.query.flush()
        self._thread = threading.Thread(target=self._read, name="xdamage", daemon=True)
        self._thread.start()

    # Windows.

    def client_windows(self, wm_class=None, pid=None):
        """Top-level client windows, mapped or not (an unmapped one may be a child of the root
        or of a window manager's frame), whose WM_CLASS instance or class is `wm_class` and/or
        whose _NET_WM_PID is `pid`."""
        pid_atom = self.query.intern_atom("_NET_WM_PID")
        found = []
        root = self.query.screen().root
        for top in root.query_tree().children:
            for w in [top] + list(top.query_tree().children):
                try:
                    cls = w.get_wm_class()
                    if cls is None:
                        continue
                    if wm_class is not None and wm_class not in cls:
                        continue
                    if pid is not None:
                        prop = w.get_full_property(pid_atom, Xatom.CARDINAL)
                        if prop is None or prop.value[0] != pid:
                            continue
                    found.append(w.id)
                except Exception:  # a window gone while walking the tree
                    continue
        return found

    def watch(self, wid, name):
        """Starts recording the window's damage and its maps and unmaps under `name`."""
        with self._lock:
            if wid in self.names:
                return
            self.names[wid] = name
        w = self.events_conn.create_resource_object("window", wid)
        w.change_attributes(event_mask=X.StructureNotifyMask)
        w.damage_create(damage.DamageReportRawRectangles)
        self.events_conn.flush()
        self.query.sync()

    def follow_new_windows(self):
        """Also watches every top-level window created from now on (named by its id in hex, e.g.
        "0x400007"), from its creation: a program's first picture is seen even before the
        benchmark knows which window is the program's (compare `client_windows(pid=...)`)."""
        root = self.events_conn.screen().root
        root.change_attributes(event_mask=X.SubstructureNotifyMask)
        self.events_conn.sync()

    def is_mapped(self, wid):
        """Whether the window is mapped now (asked of the server)."""
        w = self.query.create_resource_object("window", wid)
        return w.get_attributes().map_state != X.IsUnmapped

    # The server's clock.

    def server_time(self):
        """The server's time (ms) now: the time of a property change it reports back."""
        self._clock.change_property(self._clock_atom, Xatom.INTEGER, 32, [0])
        self.query.flush()
        while True:
            e = self.query.next_event()
            if e.type == X.PropertyNotify and e.window.id == self._clock.id:
                return e.time

    # Reading.

    def _read(self):
        d = self.events_conn
        notify = d.extension_event.DamageNotify
        while not self._stop:
            try:
                e = d.next_event()
            except Exception:  # the server went away: the benchmark is over
                return
            local = time.monotonic()
            if e.type == notify:
                wid = e.drawable.id
                dark = self._dark(wid, e.drawable_geometry) if self.sample else None
                rec = Damage(self.names.get(wid, "?"), wid, e.timestamp, local,
                             e.area.x, e.area.y, e.area.width, e.area.height, dark)
                with self._changed:
                    self._last_ms = e.timestamp
                    self.damages.append(rec)
                    self._changed.notify_all()
            elif e.type == X.CreateNotify:
                self.watch(e.window.id, "0x%x" % e.window.id)
            elif e.type in (X.MapNotify, X.UnmapNotify) and e.window.id in self.names:
                with self._changed:
                    self.mappings.append(Mapping(self.names[e.window.id], e.window.id, e.type == X.MapNotify,
                                                 local, self._last_ms))
                    self._changed.notify_all()

    def _dark(self, wid, geometry):
        """The fraction of dark pixels in a few rows of the window, read now."""
        w = self.query.create_resource_object("window", wid)
        total, dark = 0, 0.0
        try:
            for frac in self.sample_rows:
                y = min(geometry.height - 1, int(geometry.height * frac))
                data = w.get_image(0, y, geometry.width, 1, X.ZPixmap, 0xFFFFFFFF).data
                # Every sample_step-th pixel, whole 4-byte pixels.
                step = self.sample_step * 4
                px = b"".join(data[i:i + 4] for i in range(0, len(data), step))
                frac_dark = dark_fraction(px)
                if frac_dark is not None:
                    dark += frac_dark
                    total += 1
        except Exception:  # unmapped meanwhile: nothing to read
            return None
        return dark / total if total else None

    def wait(self, predicate, timeout, what):
        """Waits until `predicate(self)` is true (checked at each new event); TimeoutError otherwise."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not predicate(self):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("timed out after %.1f s waiting for %s" % (timeout, what))
                self._changed.wait(min(left, 0.05))

    def count(self, name, since_local=0.0):
        """How many damages the window `name` had since `since_local` (monotonic seconds)."""
        return sum(1 for d in self.damages if d.name == name and d.local >= since_local)

    def close(self):
        self._stop = True
        try:
            self.query.close()
        except Exception:
            pass
        # The reader blocks in next_event; closing its connection from here is unsafe, and the
        # thread is a daemon: it ends with the process.
