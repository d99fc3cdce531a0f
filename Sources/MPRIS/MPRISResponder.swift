import EngineTerms
import SessionBus

/// How the object answers a call: the reply and, maybe, a command for the app.
struct MPRISAnswer: Equatable {
    var reply: BusReply
    var command: MediaCommand?

    static let empty = MPRISAnswer(reply: .values([]))

    static func error(_ name: String, _ message: String) -> MPRISAnswer {
        MPRISAnswer(reply: .standardError(name, message))
    }
}

/// Answers calls to the MPRIS object from the state the app last published. Pure: the bus
/// layer turns messages into `BusCall`s and answers back into messages.
enum MPRISResponder {
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    static let introspectableInterface = "org.freedesktop.DBus.Introspectable"
    static let peerInterface = "org.freedesktop.DBus.Peer"

    /// The answer to `call` while the app's state is `state`.
    static func answer(_ call: BusCall, state: MediaState) -> MPRISAnswer {
        guard call.path == MPRISProperties.objectPath else {
            if call.member == "Introspect", let xml = MPRISIntrospection.parent(call.path) {
                return MPRISAnswer(reply: .values([.string(xml)]))
            }
            return .error("UnknownObject", "no object at \(call.path)")
        }
        switch (call.interface, call.member) {
        case (introspectableInterface, "Introspect"), (nil, "Introspect"):
            return MPRISAnswer(reply: .values([.string(MPRISIntrospection.object)]))
        case (peerInterface, "Ping"), (nil, "Ping"):
            return .empty
        case (propertiesInterface, _), (nil, "Get"), (nil, "GetAll"), (nil, "Set"):
            return properties(call, state: state)
        case (MPRISProperties.rootInterface, "Raise"), (nil, "Raise"):
            return MPRISAnswer(reply: .values([]), command: .raise)
        case (MPRISProperties.rootInterface, "Quit"), (nil, "Quit"):
            return MPRISAnswer(reply: .values([]), command: .quit)
        case (MPRISProperties.playerInterface, _), (nil, _):
            return player(call, state: state)
        default:
            return .error("UnknownMethod", "no method \(call.member) in \(call.interface ?? "any interface")")
        }
    }

    /// Transport calls. Next, Previous, Seek and SetPosition have no effect, as MPRIS asks of a
    /// player whose CanGoNext, CanGoPrevious and CanSeek are false; Play and Pause with no room
    /// open have none either (CanPlay, CanPause false).
    private static func player(_ call: BusCall, state: MediaState) -> MPRISAnswer {
        let hasRoom = state.track != nil
        switch call.member {
        case "Next", "Previous", "Seek", "SetPosition": return .empty
        case "OpenUri": return .error("NotSupported", "FloatApp opens no URIs")
        case "PlayPause": return MPRISAnswer(reply: .values([]), command: hasRoom ? .playPause : nil)
        case "Play": return MPRISAnswer(reply: .values([]), command: hasRoom ? .play : nil)
        case "Pause": return MPRISAnswer(reply: .values([]), command: hasRoom ? .pause : nil)
        case "Stop": return MPRISAnswer(reply: .values([]), command: hasRoom ? .stop : nil)
        default: return .error("UnknownMethod", "no method \(call.member)")
        }
    }

    private static func properties(_ call: BusCall, state: MediaState) -> MPRISAnswer {
        let strings = call.arguments.prefix(2).compactMap { value -> String? in
            if case .string(let s) = value { return s }
            return nil
        }
        switch (call.member, call.arguments.count, strings.count) {
        case ("GetAll", 1, 1):
            if let all = MPRISProperties.all(of: strings[0], in: state) {
                return MPRISAnswer(reply: .values([.dictionary(all.map { ($0.name, $0.value) })]))
            }
            let plain = [propertiesInterface, introspectableInterface, peerInterface].contains(strings[0])
            return plain ? MPRISAnswer(reply: .values([.dictionary([])])) : unknownInterface(strings[0])
        case ("Get", 2, 2):
            return property(strings[0], strings[1], state: state).map { MPRISAnswer(reply: .values([.variant($0)])) }
                ?? unknownProperty(strings[0], strings[1], state: state)
        case ("Set", 3, 2):
            guard case .variant(let value) = call.arguments[2] else { break }
            return set(strings[0], strings[1], value, state: state)
        case ("Get", _, _), ("GetAll", _, _), ("Set", _, _):
            break
        default:
            return .error("UnknownMethod", "no method \(call.member) in \(propertiesInterface)")
        }
        return .error("InvalidArgs", "wrong arguments for \(call.member)")
    }

    private static func set(_ interface: String, _ name: String, _ value: DBusValue, state: MediaState) -> MPRISAnswer {
        guard property(interface, name, state: state) != nil else {
            return unknownProperty(interface, name, state: state)
        }
        guard interface == MPRISProperties.playerInterface, name == "Volume" else {
            return .error("PropertyReadOnly", "\(name) is read-only")
        }
        let volume: Double
        switch value {
        case .double(let v) where v.isFinite: volume = v
        case .int64(let v): volume = Double(v)
        case .uint32(let v): volume = Double(v)
        default: return .error("InvalidArgs", "Volume must be a number")
        }
        return MPRISAnswer(reply: .values([]), command: .setVolume(min(max(volume, 0), 1)))
    }

    private static func property(_ interface: String, _ name: String, state: MediaState) -> DBusValue? {
        MPRISProperties.all(of: interface, in: state)?.first { $0.name == name }?.value
    }

    private static func unknownProperty(_ interface: String, _ name: String, state: MediaState) -> MPRISAnswer {
        guard MPRISProperties.all(of: interface, in: state) != nil else { return unknownInterface(interface) }
        return .error("UnknownProperty", "no property \(name) in \(interface)")
    }

    private static func unknownInterface(_ interface: String) -> MPRISAnswer {
        .error("UnknownInterface", "no interface \(interface)")
    }
}
