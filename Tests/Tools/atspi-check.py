#!/usr/bin/python3
"""Walks FloatApp's AT-SPI2 tree as a screen reader does, with pyatspi, and drives it.

Prints one JSON object a line: the tree (role, name, description, states, screen extents,
actions of every object), then what happened to each step, each awaited as an event:
  1. Down pressed (XTEST): the focus event of the row it moved to;
  2. the focused row's click action done: the room's buttons added;
  3. Tab pressed in the room: the focus event of its first button, its focus ring's accent
     seen on screen left of it, and a screenshot (--shots DIR);
  4. `i` pressed in the room: the toast it shows (a notification) and its showing state's event;
then the tree as it is then; 5. Escape back to the list, Tab and Tab again: the focus events of
the search field and the add button (a screenshot of the add button's ring), and the search
field's text set through EditableText: the rows it leaves.
With --tree-only it stops after the tree. Exits 1 when the app does not appear or an event does not come within its time.
"""
import json
import os
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib
from Xlib import X, XK, display
from Xlib.ext import xtest

events = []


def say(kind, **fields):
    print(json.dumps(dict(kind=kind, **fields), ensure_ascii=False), flush=True)


def fail(message):
    say("failed", message=message)
    sys.exit(1)


def wait_for(what, found, timeout=5.0):
    """Runs the GLib loop until found() returns something, at most timeout seconds."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        while context.pending():
            context.iteration(False)
        result = found()
        if result:
            return result
        time.sleep(0.02)
    fail("no " + what + " within %.0f s; events: %s" % (timeout, [e[0] for e in events]))


def find_app():
    def app():
        for candidate in pyatspi.Registry.getDesktop(0):
            if candidate is not None and candidate.name == "FloatApp":
                return candidate
        return None
    return wait_for("FloatApp in the desktop's tree", app, timeout=8)


def describe(node, depth):
    extents = None
    if "Component" in pyatspi.listInterfaces(node):
        e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        extents = [e.x, e.y, e.width, e.height]
    actions = []
    if "Action" in pyatspi.listInterfaces(node):
        a = node.queryAction()
        actions = [a.getName(i) for i in range(a.nActions)]
    return dict(depth=depth, role=node.getRoleName(), name=node.name, description=node.description,
                states=sorted(pyatspi.stateToString(s) for s in node.getState().getStates()),
                extents=extents, actions=actions, attributes=node.getAttributes())


def walk(node, depth=0):
    out = [describe(node, depth)]
    for child in node:
        out += walk(child, depth + 1)
    return out


def press(name):
    d = display.Display()
    code = d.keysym_to_keycode(XK.string_to_keysym(name))
    xtest.fake_input(d, X.KeyPress, code)
    d.sync()
    time.sleep(0.05)
    xtest.fake_input(d, X.KeyRelease, code)
    d.sync()
    d.close()


def tab_focus(shot=None):
    """Presses Tab and awaits the next focus event and its ring on screen; screenshots the screen as `shot` in
    --shots' folder."""
    before = len(events)
    press("Tab")
    node = wait_for("focus event after Tab", lambda: next((e[1] for e in events[before:] if e[0].startswith("focus")), None))
    e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    ring = wait_for("the focus ring's accent left of " + node.name, lambda: accent_at(e.x - 2, e.y + e.height // 2))
    if shot and "--shots" in sys.argv:
        folder = sys.argv[sys.argv.index("--shots") + 1]
        subprocess.run(["import", "-window", "root", os.path.join(folder, shot)], check=True)
    return dict(role=node.getRoleName(), name=node.name, ring=ring,
                states=sorted(pyatspi.stateToString(s) for s in node.getState().getStates()))


def accent_at(x, y):
    """The screen's pixel at (x, y) as hex when it is the theme's accent (#4c8dff), else None."""
    d = display.Display()
    pixel = d.screen().root.get_image(x, y, 1, 1, X.ZPixmap, 0xFFFFFFFF).data
    d.close()
    colour = "%02x%02x%02x" % (pixel[2], pixel[1], pixel[0])
    return colour if colour == "4c8dff" else None


def listen(event):
    events.append((event.type, event.source, event.detail1, event.any_data))


def main():
    app = find_app()
    say("tree", nodes=walk(app))
    if sys.argv[1:] == ["--tree-only"]:
        return
    for kind in ("focus:", "object:state-changed:focused", "object:state-changed:showing", "object:announcement",
                 "object:children-changed", "object:text-changed"):
        pyatspi.Registry.registerEventListener(listen, kind)

    press("Down")
    focused = wait_for("focus event", lambda: next((e[1] for e in events if e[0].startswith("focus")), None))
    say("focus", role=focused.getRoleName(), name=focused.name,
        state_events=[e[1].name for e in events if e[0] == "object:state-changed:focused" and e[2] == 1])

    focused.queryAction().doAction(0)
    wait_for("the room's buttons", lambda: any(e[0] == "object:children-changed:add" for e in events))
    frame = app[0]
    say("opened", buttons=[c.name for c in frame if c.getRoleName() in ("push button", "toggle button")],
        labels=[c.name for c in frame if c.getRoleName() == "label"])

    say("tabbed-room", **tab_focus("room-focus-ring.png"))

    press("i")
    toast = wait_for("a notification", lambda: next((c for c in frame if c.getRoleName() == "notification"), None))
    wait_for("its showing", lambda: any(e[0] == "object:state-changed:showing" and e[2] == 1 and e[1].name == toast.name
                                        for e in events))
    say("shown", text=toast.name, announced=[str(e[3]) for e in events if e[0].startswith("object:announcement")])
    say("final", nodes=walk(app))

    press("Escape")
    lists = wait_for("the list again", lambda: [c for c in frame if c.getRoleName() == "list"])
    field = next(c for c in frame if c.getRoleName() == "entry")
    say("tabbed-list", field=tab_focus(), add=tab_focus("add-focus-ring.png"))
    field.queryEditableText().setTextContents("Beta")
    wait_for("the search to narrow the list", lambda: lists[0].childCount == 1)
    say("searched", field=field.name, text=field.queryText().getText(0, -1), rows=[c.name for c in lists[0]],
        inserted=[str(e[3]) for e in events if e[0] == "object:text-changed:insert"])


main()
