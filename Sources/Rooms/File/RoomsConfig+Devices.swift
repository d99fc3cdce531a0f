extension SourceSpec {
    /// Whether the source is an input device of FFmpeg's (a `lavfi:` graph, a camera, a screen,
    /// a sound input) rather than a file or a URL.
    public var isDevice: Bool {
        switch self {
        case .url, .file: false
        case .lavfi, .v4l2, .x11grab, .pulse, .alsa: true
        }
    }
}

extension DeviceSetting {
    /// Whether sending this camera or microphone may open a device: the desktop's default does,
    /// a chosen device source does, none does not.
    var mayOpenDevice: Bool {
        switch self {
        case .automatic: true
        case .none: false
        case .source(let spec): spec.isDevice
        }
    }
}

extension RoomsConfig {
    /// Whether anything these rooms offer may open an input device: a room or participant
    /// whose source is one, or a call that is joined (a room on a call server, or a server that
    /// lists calls), which sends the camera and microphone unless `me` turns both off.
    public var mayOpenDevices: Bool {
        let sources = rooms.flatMap { room -> [SourceSpec] in
            switch room.media {
            case .live(let source): [source]
            case .call(let participants): participants.map(\.source)
            }
        }
        if sources.contains(where: \.isDevice) { return true }
        let joins = rooms.contains { $0.callServerID != nil } || servers.contains { $0.calls != nil }
        return joins && (me.camera.mayOpenDevice || me.microphone.mayOpenDevice)
    }
}
