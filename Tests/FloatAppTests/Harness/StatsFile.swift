import Foundation

/// One line of the app's `--stats FILE` output: `{"t":ms,"ev":name,...}`.
struct StatsEvent {
    /// Milliseconds on the app's clock.
    let time: Double
    /// The `ev` field, e.g. "frame", "lifecycle", "float_shown".
    let name: String
    /// Every other field, rendered as text ("main", "12", "true", ...).
    let fields: [String: String]
}

/// Reads the JSON lines the app writes with `--stats FILE`, as far as they are flushed.
struct StatsFile {
    /// The stats file.
    let url: URL

    /// Every complete event written so far; a half-written last line is skipped.
    func events() -> [StatsEvent] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let name = object["ev"] as? String
            else { return nil }
            var fields: [String: String] = [:]
            for (key, value) in object where key != "ev" && key != "t" {
                fields[key] = "\(value)"
            }
            return StatsEvent(time: (object["t"] as? NSNumber)?.doubleValue ?? 0, name: name, fields: fields)
        }
    }

    /// The system's monotonic clock, in seconds, when `event` happened: the log's first line,
    /// `clock`, gives the clock at t = 0. Nil before that line is written.
    func monotonicTime(of event: StatsEvent) -> Double? {
        guard let origin = events(named: "clock").first?.fields["monotonic_ms"].flatMap(Double.init) else { return nil }
        return (origin + event.time) / 1000
    }

    /// Events named `name` whose fields include all of `matching` that happened after `since`
    /// on the monotonic clock, each with that time: one read of the file, for files that grow
    /// large (``monotonicTime(of:)`` reads it again for every event).
    func events(named name: String, matching: [String: String] = [:], after since: Double) -> [(event: StatsEvent, time: Double)] {
        let all = events()
        guard let origin = all.first(where: { $0.name == "clock" })?.fields["monotonic_ms"].flatMap(Double.init) else { return [] }
        return all.compactMap { event in
            let time = (origin + event.time) / 1000
            guard event.name == name, time > since, matching.allSatisfy({ event.fields[$0.key] == $0.value }) else { return nil }
            return (event, time)
        }
    }

    /// Events named `name` whose fields include all of `matching`.
    func events(named name: String, matching: [String: String] = [:]) -> [StatsEvent] {
        events().filter { event in
            event.name == name && matching.allSatisfy { event.fields[$0.key] == $0.value }
        }
    }
}

/// The system's monotonic clock now, in seconds: the clock of ``StatsFile/monotonicTime(of:)``.
func monotonicNow() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}
