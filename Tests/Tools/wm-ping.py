#!/usr/bin/python3
"""Measures how promptly a window's event loop answers, from the X server's side.

Sends `_NET_WM_PING` (as a window manager does to find a hung client) to WINDOW every 20 ms
for SECONDS, times each answer (the client sends the message back to the root window), and
prints `pings=N answered=N median_ms=X max_ms=Y`. A loop blocked for 300 ms answers its
pings up to 300 ms late.

usage: wm-ping.py WINDOW SECONDS
"""
import sys
import time

from Xlib import X, display, protocol


def main():
    window_id, seconds = int(sys.argv[1], 0), float(sys.argv[2])
    d = display.Display()
    root = d.screen().root
    root.change_attributes(event_mask=X.SubstructureNotifyMask)
    protocols, ping = d.intern_atom("WM_PROTOCOLS"), d.intern_atom("_NET_WM_PING")
    target = d.create_resource_object("window", window_id)
    sent, latencies, serial = {}, [], 1
    end = time.time() + seconds
    next_ping = time.time()
    while time.time() < end or (sent and time.time() < end + 2):
        now = time.time()
        if now >= next_ping and now < end:
            event = protocol.event.ClientMessage(window=target, client_type=protocols,
                                                 data=(32, [ping, serial, window_id, 0, 0]))
            target.send_event(event)
            d.flush()
            sent[serial] = now
            serial += 1
            next_ping = now + 0.02
        while d.pending_events():
            event = d.next_event()
            if event.type == X.ClientMessage and event.data[1][0] == ping and event.data[1][1] in sent:
                latencies.append((time.time() - sent.pop(event.data[1][1])) * 1000)
        time.sleep(0.002)
    latencies.sort()
    median = latencies[len(latencies) // 2] if latencies else -1
    print("pings=%d answered=%d median_ms=%.1f max_ms=%.1f" % (serial - 1, len(latencies), median,
                                                              latencies[-1] if latencies else -1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
