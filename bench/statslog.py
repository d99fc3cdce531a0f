"""FloatApp's --stats log (one JSON object per line), read as it grows."""

import json


class Stats:
    """Reads FloatApp's --stats file as it grows."""

    def __init__(self, path):
        self.path = path
        self.events = []
        self._offset = 0
        self._partial = b""

    def poll(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self._offset)
                data = f.read()
        except FileNotFoundError:
            return
        self._offset += len(data)
        data = self._partial + data
        lines = data.split(b"\n")
        self._partial = lines.pop()
        for line in lines:
            if line.strip():
                self.events.append(json.loads(line))

    def since(self, mark):
        self.poll()
        return self.events[mark:]

    def mark(self):
        self.poll()
        return len(self.events)
