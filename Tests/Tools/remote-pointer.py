#!/usr/bin/python3
"""A pointer driven through mutter's RemoteDesktop D-Bus API, for FloatApp's GNOME Wayland tests.

Run as the command of `mutter --wayland ... -- remote-pointer.py FOLDER` inside the session's
`dbus-run-session`, so it has mutter's session bus, DISPLAY (Xwayland), XAUTHORITY and
WAYLAND_DISPLAY. It starts a RemoteDesktop session (input the compositor treats as a device's,
unlike XTEST inside Xwayland), lets the user's own local clients into Xwayland as a GNOME
session does (`xhost +si:localuser:USER`), listens on FOLDER/pointer.sock and then writes the
session's environment to FOLDER/session.env (atomically: its presence means the socket listens).

One client connects and sends lines; each is answered with "ok" or "error MESSAGE":
  move DX DY          relative motion in logical pixels (no acceleration is applied)
  button CODE 1|0     press (1) or release (0) of an evdev button code (272 = BTN_LEFT)
A released pointer at rest reports motions of no length for a while (see serve).
When the client hangs up the session stops and this program ends, and mutter with it.
"""
import getpass
import os
import select
import socket
import subprocess
import sys
import time

import dbus

SERVICE = "org.gnome.Mutter.RemoteDesktop"
# After a release: how long (s) and how often (s) the resting pointer reports a motion of no length.
AFTER_RELEASE = 3.0
HEARTBEAT = 0.1


def remote_desktop_session(bus):
    """Creates and starts a RemoteDesktop session; waits up to 10 s for mutter's service."""
    deadline = time.monotonic() + 10
    while not bus.name_has_owner(SERVICE):
        if time.monotonic() > deadline:
            raise RuntimeError(SERVICE + " never appeared on the session bus")
        time.sleep(0.05)
    manager = dbus.Interface(bus.get_object(SERVICE, "/org/gnome/Mutter/RemoteDesktop"), SERVICE)
    path = manager.CreateSession()
    session = dbus.Interface(bus.get_object(SERVICE, path), SERVICE + ".Session")
    session.Start()
    return session


def serve(session, connection):
    """Answers the client's lines until it hangs up.

    For AFTER_RELEASE seconds after a button comes up, while no command comes, the pointer
    reports a motion of no length every HEARTBEAT seconds: after a release on the float,
    mutter 43 under load sometimes holds the float's moves to its corner until pointer input
    comes again (cause unknown, docs/gnome-wayland-tests.md); a hand's mouse moves on, a
    resting remote pointer does not.
    """
    pending = b""
    quiet_until = 0.0
    with connection:
        while True:
            wait = HEARTBEAT if time.monotonic() < quiet_until else None
            if not select.select([connection], [], [], wait)[0]:
                session.NotifyPointerMotionRelative(0.0, 0.0)
                continue
            data = connection.recv(4096)
            if not data:
                return
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                words = line.decode().split()
                try:
                    if len(words) == 3 and words[0] == "move":
                        session.NotifyPointerMotionRelative(float(words[1]), float(words[2]))
                    elif len(words) == 3 and words[0] == "button":
                        session.NotifyPointerButton(int(words[1]), words[2] == "1")
                        quiet_until = time.monotonic() + AFTER_RELEASE if words[2] == "0" else 0.0
                    else:
                        raise ValueError("unknown command " + repr(line.decode().strip()))
                    answer = "ok\n"
                except (ValueError, dbus.DBusException) as error:
                    answer = "error %s\n" % str(error).replace("\n", " ")
                connection.sendall(answer.encode())


def main():
    folder = sys.argv[1]
    session = remote_desktop_session(dbus.SessionBus())
    subprocess.run(["xhost", "+si:localuser:" + getpass.getuser()], check=True, stdout=subprocess.DEVNULL)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(os.path.join(folder, "pointer.sock"))
    listener.listen(1)
    names = ["DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"]
    temporary = os.path.join(folder, "session.env.tmp")
    with open(temporary, "w") as out:
        out.writelines("%s=%s\n" % (name, os.environ.get(name, "")) for name in names)
    os.rename(temporary, os.path.join(folder, "session.env"))
    connection, _ = listener.accept()
    serve(session, connection)
    session.Stop()


if __name__ == "__main__":
    main()
