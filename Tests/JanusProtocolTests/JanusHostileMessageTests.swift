import JanusProtocol
import TestSupport
import XCTest

/// Thousands of mutations of real Janus messages (bytes flipped, cut, duplicated, values swapped
/// for other kinds): each decodes or is a `JanusProtocolError`, never a crash or another error.
final class JanusHostileMessageTests: XCTestCase {
    private static let samples = [
        #"{"janus":"event","session_id":7,"transaction":"d","sender":53,"plugindata":{"plugin":"janus.plugin.videoroom","data":{"videoroom":"joined","room":1234,"id":10,"private_id":11,"publishers":[{"id":99,"display":"Bea","streams":[{"type":"audio","mid":"0","codec":"opus"}]}]}},"jsep":{"type":"answer","sdp":"v=0\r\n"}}"#,
        #"[{"janus":"event","sender":3,"plugindata":{"plugin":"janus.plugin.videoroom","data":{"videoroom":"attached","room":1,"streams":[{"mid":"0","type":"video","feed_id":9,"feed_display":"Cy"}]}},"jsep":{"type":"offer","sdp":"v=0"}},{"janus":"keepalive"}]"#,
        #"{"janus":"success","transaction":"l","plugindata":{"data":{"videoroom":"success","list":[{"room":1,"description":"A","num_participants":3}]}}}"#,
        #"{"janus":"event","sender":1,"plugindata":{"data":{"videoroom":"event","room":1,"publishers":[{"id":5,"display":"D"}],"leaving":4,"unpublished":"ok","error_code":1,"error":"x"}}}"#,
        #"{"janus":"trickle","sender":1,"candidate":{"sdpMid":"0","sdpMLineIndex":0,"candidate":"candidate:1 1 udp 1 10.0.0.1 9 typ host"}}"#,
    ]
    private static let replacements = ["null", "true", "-1", "1e999", "\"ok\"", "[]", "{}", "[[[[", "\"\\ud800\"", "18446744073709551616", "0.5"]

    func testMutatedMessagesDecodeOrFailTyped() {
        let seed = SeededRandom.runSeed(for: "JanusHostileMessageTests")
        var random = SeededRandom(seed: seed)
        var decoded = 0
        for _ in 0..<20_000 {
            var bytes = Array(Self.samples.randomElement(using: &random)!.utf8)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                mutate(&bytes, using: &random)
            }
            do {
                _ = try JanusDecoder.messages(bytes)
                decoded += 1
            } catch {
                // Typed throws: every failure is a JanusProtocolError by construction.
            }
        }
        print("JanusHostileMessageTests: \(decoded) of 20000 mutations still decoded")
        XCTAssertGreaterThan(decoded, 0, "seed \(seed): no mutation decoded; the mutations are too coarse to test the reader")
    }

    private func mutate(_ bytes: inout [UInt8], using random: inout SeededRandom) {
        guard !bytes.isEmpty else { return }
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
        case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
        case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 16)], at: at)
        case 3: bytes = Array(bytes[..<at])
        default:
            // A value after a colon swapped for another kind of value.
            guard let colon = bytes[at...].firstIndex(of: UInt8(ascii: ":")) else { return }
            let end = bytes[(colon + 1)...].firstIndex { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") } ?? bytes.count
            bytes.replaceSubrange((colon + 1)..<end, with: Array(Self.replacements.randomElement(using: &random)!.utf8))
        }
    }
}
