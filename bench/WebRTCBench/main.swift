import Foundation
import Janus
import JanusProtocol
import WebRTC

// bench/webrtc.py's worker: WebRTC media through a Janus VideoRoom, the path a call's picture and
// sound take between two FloatApps, measured inside the benchmark's network namespace.
//   WebRTCBench latency API ROOM SECONDS  one publisher and a subscriber to it: the picture's and
//                                         the sound's delay from push to decode, and their offset
//   WebRTCBench call3 API ROOM SECONDS    three participants, each sending and receiving the other
//                                         two: this process's CPU seconds per second
// Prints one JSON object.

/// One participant: publishes marked media and subscribes to the feeds it is given.
final class Participant: @unchecked Sendable {
    let connection: JanusConnection
    let publisher: WebRTCPublisher
    let source: MarkedSource
    let feed: JanusID
    let detector = MarkDetector()
    private(set) var subscribers: [WebRTCSubscriber] = []

    init(api: String, room: JanusID, name: String) async throws {
        connection = try JanusConnection(url: api, callbackQueue: DispatchQueue(label: "bench.janus")) { _ in }
        try await connection.connect()
        let handle = try await connection.attachVideoRoom { _ in }
        feed = try await handle.joinAsPublisher(room: room, display: name).id
        publisher = try WebRTCPublisher(format: .init(width: MarkedSource.width, height: MarkedSource.height,
                                                      frameRate: MarkedSource.frameRate))
        source = MarkedSource(publisher: publisher)
        let answer = try await handle.publish(offer: Jsep(type: .offer, sdp: try publisher.makeOffer()))
        try publisher.accept(answer: answer.sdp)
    }

    func subscribe(room: JanusID, to feed: JanusID) async throws {
        let handle = try await connection.attachVideoRoom { _ in }
        let subscription = try await handle.subscribe(room: room, feeds: [feed], privateId: nil)
        let detector = self.detector
        let subscriber = try WebRTCSubscriber(onPicture: { _, frame in detector.picture(frame) },
                                              onSound: { _, samples in detector.sound(samples) })
        try await handle.start(answer: Jsep(type: .answer, sdp: try subscriber.answer(offer: subscription.offer.sdp)))
        subscribers.append(subscriber)
    }

    /// Hangs up and ends the Janus session, so the room has a place for the next run.
    func stop() async {
        source.stop()
        publisher.stop()
        for subscriber in subscribers { subscriber.stop() }
        await connection.close()
    }
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func latency(api: String, room: JanusID, seconds: Double) async throws -> [String: Double] {
    let sender = try await Participant(api: api, room: room, name: "A")
    let receiver = try await Participant(api: api, room: room, name: "B")
    try await receiver.subscribe(room: room, to: sender.feed)
    try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
    await sender.stop()
    await receiver.stop()
    let marks = sender.source.marks, arrivals = receiver.detector.times
    let pictures = delays(marks: marks.pictures, arrivals: arrivals.pictures), sounds = delays(marks: marks.sounds, arrivals: arrivals.sounds)
    return ["picture_median": median(pictures), "sound_median": median(sounds), "marks": Double(marks.pictures.count),
            "pictures_seen": Double(pictures.count), "sounds_heard": Double(sounds.count),
            "sound_minus_picture": median(sounds) - median(pictures)]
}

func call3(api: String, room: JanusID, seconds: Double) async throws -> [String: Double] {
    var people: [Participant] = []
    for name in ["A", "B", "C"] { people.append(try await Participant(api: api, room: room, name: name)) }
    for person in people {
        for other in people where other !== person { try await person.subscribe(room: room, to: other.feed) }
    }
    try await Task.sleep(nanoseconds: 3_000_000_000)
    let (cpu, wall) = (cpuSeconds(), now())
    try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
    let result = ["cpu_per_second": (cpuSeconds() - cpu) / (now() - wall),
                  "pictures_seen": Double(people.map { $0.detector.times.pictures.count }.reduce(0, +))]
    for person in people { await person.stop() }
    return result
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let room = JanusID(arguments[3]), let seconds = Double(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: WebRTCBench latency|call3 API ROOM SECONDS\n".utf8))
    exit(2)
}
do {
    let result = arguments[1] == "call3" ? try await call3(api: arguments[2], room: room, seconds: seconds)
        : try await latency(api: arguments[2], room: room, seconds: seconds)
    print(String(data: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), encoding: .utf8)!)
    exit(0)
} catch {
    FileHandle.standardError.write(Data("WebRTCBench: \(error)\n".utf8))
    exit(1)
}
