#!/usr/bin/python3
"""Drags text onto the window under a point as a file manager or a browser does (XDND 5).

A small source window owns XdndSelection; the pointer is pressed on it and moved by XTEST to
the target point at a hand's pace (about 100 motion reports a second), the source sends
XdndEnter and XdndPosition to the XdndAware window under the pointer, and on release XdndDrop;
it answers the target's SelectionRequest with the data in the offered type and waits for
XdndFinished. Prints one line, `finished accepted=1` or why it stopped, and exits 0 when the
target finished the drop.

usage: xdnd-drag.py TYPE DATA FROM_X FROM_Y TO_X TO_Y   (TYPE: text/uri-list or text/plain)
"""
import sys
import time

from Xlib import X, display, protocol
from Xlib.ext import xtest


def main():
    mime, data, x0, y0, x1, y1 = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:7])
    d = display.Display()
    root = d.screen().root
    atom = lambda name: d.intern_atom(name)
    aware, selection = atom("XdndAware"), atom("XdndSelection")
    enter, position, status, drop, finished, leave = (atom("Xdnd" + n) for n in
                                                       ("Enter", "Position", "Status", "Drop", "Finished", "Leave"))
    copy, offered = atom("XdndActionCopy"), atom(mime)
    source = root.create_window(x0 - 20, y0 - 20, 40, 40, 0, X.CopyFromParent, X.InputOutput, X.CopyFromParent,
                                override_redirect=True, event_mask=X.StructureNotifyMask)
    source.map()
    d.sync()
    time.sleep(0.1)
    source.set_selection_owner(selection, X.CurrentTime)
    xtest.fake_input(d, X.MotionNotify, x=x0, y=y0)
    d.sync()
    time.sleep(0.05)
    xtest.fake_input(d, X.ButtonPress, 1)
    d.sync()

    def send(target, kind, values):
        event = protocol.event.ClientMessage(window=target, client_type=kind, data=(32, values + [0] * (5 - len(values))))
        target.send_event(event)
        d.flush()

    def aware_window_at(x, y):
        window = root
        while True:
            reply = window.query_pointer()
            child = reply.child
            if child == 0 or child == X.NONE:
                return None
            prop = child.get_full_property(aware, X.AnyPropertyType)
            if prop is not None and child.id != source.id:
                return child
            window = child

    target, accepted, steps = None, False, 60
    for step in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * step // steps, y0 + (y1 - y0) * step // steps
        xtest.fake_input(d, X.MotionNotify, x=x, y=y)
        d.sync()
        under = aware_window_at(x, y)
        if target is not None and (under is None or under.id != target.id):
            send(target, leave, [source.id])
            target, accepted = None, False
        if under is not None and target is None:
            target = under
            send(target, enter, [source.id, 5 << 24, offered])
        if target is not None:
            send(target, position, [source.id, 0, (x << 16) | y, X.CurrentTime, copy])
        deadline = time.time() + 0.01
        while time.time() < deadline:
            while d.pending_events():
                event = d.next_event()
                if event.type == X.ClientMessage and event.client_type == status:
                    accepted = bool(event.data[1][1] & 1)
            time.sleep(0.002)
    if target is None:
        print("no XdndAware window under the pointer")
        return 1
    wait_until = time.time() + 2
    while not accepted and time.time() < wait_until:
        event = d.next_event()
        if event.type == X.ClientMessage and event.client_type == status:
            accepted = bool(event.data[1][1] & 1)
    xtest.fake_input(d, X.ButtonRelease, 1)
    d.sync()
    if not accepted:
        send(target, leave, [source.id])
        print("the target did not accept the drop")
        return 1
    send(target, drop, [source.id, 0, X.CurrentTime])
    wait_until = time.time() + 10
    while time.time() < wait_until:
        if not d.pending_events():
            time.sleep(0.005)
            continue
        event = d.next_event()
        if event.type == X.SelectionRequest:
            answer(d, event, offered, data.encode("utf-8"))
        elif event.type == X.ClientMessage and event.client_type == finished:
            print("finished accepted=%d" % (event.data[1][1] & 1))
            return 0
    print("no XdndFinished")
    return 1


def answer(d, request, offered, payload):
    """Puts the data on the requestor's property in the type asked for, or refuses."""
    prop = request.property if request.property != X.NONE else request.target
    if request.target == offered:
        request.requestor.change_property(prop, offered, 8, payload)
    else:
        prop = X.NONE
    notify = protocol.event.SelectionNotify(time=request.time, requestor=request.requestor, selection=request.selection,
                                            target=request.target, property=prop)
    request.requestor.send_event(notify)
    d.flush()


if __name__ == "__main__":
    sys.exit(main())
