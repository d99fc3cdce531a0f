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
When the client hangs up the session stops and this program ends, and mutter with it.
"""
import getpass
import os
import socket
import subprocess
import sys
import time

import dbus

SERVICE = "org.gnome.Mutter.RemoteDesktop"


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
    """Answers the client's lines until it hangs up."""
    with connection, connection.makefile("rw", buffering=1) as stream:
        for line in stream:
            words = line.split()
            try:
                if len(words) == 3 and words[0] == "move":
                    session.NotifyPointerMotionRelative(float(words[1]), float(words[2]))
                elif len(words) == 3 and words[0] == "button":
                    session.NotifyPointerButton(int(words[1]), words[2] == "1")
                else:
                    raise ValueError("unknown command " + repr(line.strip()))
                stream.write("ok\n")
            except (ValueError, dbus.DBusException) as error:
                stream.write("error %s\n" % str(error).replace("\n", " "))


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
