/// A publisher's SDP offer with one Opus track and one VP8 track, as a WebRTC peer writes it:
/// enough for Janus to accept a publisher and answer (no ICE ever connects; signalling only).
enum FakeOffer {
    static let sdp = [
        "v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0 1", "a=msid-semantic: WMS",
        "m=audio 9 UDP/TLS/RTP/SAVPF 111", "c=IN IP4 0.0.0.0", "a=rtcp:9 IN IP4 0.0.0.0",
        "a=ice-ufrag:F7gI", "a=ice-pwd:x9cml/YzichV2+XlhiMu8g1k",
        "a=fingerprint:sha-256 D2:FA:0E:C3:22:59:5E:14:95:69:92:3D:13:B4:84:24:2C:C2:A2:C0:3E:FD:34:8E:5E:EA:6F:AF:52:CE:E6:0F",
        "a=setup:actpass", "a=mid:0", "a=sendonly", "a=rtcp-mux", "a=rtpmap:111 opus/48000/2", "a=ssrc:1001 cname:floatapp",
        "m=video 9 UDP/TLS/RTP/SAVPF 96", "c=IN IP4 0.0.0.0", "a=rtcp:9 IN IP4 0.0.0.0",
        "a=ice-ufrag:F7gI", "a=ice-pwd:x9cml/YzichV2+XlhiMu8g1k",
        "a=fingerprint:sha-256 D2:FA:0E:C3:22:59:5E:14:95:69:92:3D:13:B4:84:24:2C:C2:A2:C0:3E:FD:34:8E:5E:EA:6F:AF:52:CE:E6:0F",
        "a=setup:actpass", "a=mid:1", "a=sendonly", "a=rtcp-mux", "a=rtpmap:96 VP8/90000", "a=ssrc:1002 cname:floatapp", "",
    ].joined(separator: "\r\n")
}
