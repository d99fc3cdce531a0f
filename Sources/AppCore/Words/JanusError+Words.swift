import JanusProtocol
import Localization
import Rooms

extension JanusError {
    /// Why a Janus server (R8) did not do what was asked, as a section header or a call's notice says it.
    public var words: String {
        switch self {
        case .badURL(let url): tr("not a Janus API URL: %s", url)
        case .webSocketUnavailable(let url):
            tr("%s is Janus's WebSocket API, which FloatApp reaches through libsoup 3, not installed here: install libsoup-3.0-0 or name Janus's HTTP API (http://host:8088/janus)", url)
        case .transport(let reason): reason
        case .status(let code): "HTTP \(code)"
        case .timedOut(let request): tr("Janus did not answer %s in time", request)
        case .malformed(let problem): tr("Janus sent a malformed message: %s", problem.words)
        case .refused(let code, let reason): tr("Janus refused (%1$d): %2$s", code, reason)
        case .videoRoom(let error): tr("Janus refused (%1$d): %2$s", error.code, error.reason)
        case .unexpectedAnswer(let request): tr("Janus answered %s with something else", request)
        case .sessionLost: tr("the Janus session was lost")
        case .closed: tr("the Janus connection is closed")
        }
    }
}

extension JanusProtocolError {
    /// What is wrong with a message from Janus.
    public var words: String {
        switch self {
        case .tooLarge(let bytes, let limit): tr("%1$d bytes, over the limit of %2$d", bytes, limit)
        case .syntax(let error): error.problem.words(atEndOfFile: error.atEndOfFile)
        case .missingField(let path): tr("missing field %s", path.description)
        case .wrongType(let path, let expected): tr("%1$s is not %2$s", path.description, expected.words)
        case .badNumber(let path): tr("%s is not a usable number", path.description)
        case .tooLong(let path, let limit): tr("%1$s is longer than %2$d", path.description, limit)
        case .badJsepType(let type): tr("a session description of type %s", type)
        }
    }
}
