import AccessibleTree
import SessionBus

/// What an assistive technology asks of the app besides answers: a click (`DoAction`) or a
/// field's new text (EditableText), by the object's id.
public enum AccessibleRequest: Equatable, Sendable {
    case click(String)
    case setText(String, String)
}

/// AT-SPI2's Text and EditableText interfaces on a field's text. Offsets count code points, as
/// AT-SPI2's do (``AccessibleText``).
enum AtspiText {
    private static func int(_ value: DBusValue?) -> Int? {
        if case .int64(let x)? = value { return Int(x) }
        return nil
    }

    /// The reply to a Text method about `text`.
    static func answer(_ member: String, _ arguments: [DBusValue], _ text: AccessibleText?) -> BusReply {
        guard let text else { return .standardError("UnknownMethod", "the object has no text") }
        let points = text.points
        func slice(_ start: Int, _ end: Int) -> String {
            let from = max(0, min(start, points.count))
            let to = end < 0 ? points.count : max(from, min(end, points.count))
            return String(String.UnicodeScalarView(points[from..<to]))
        }
        switch member {
        case "GetText":
            guard let start = int(arguments.first), let end = int(arguments.last) else { return invalid }
            return .values([.string(slice(start, end))])
        case "GetCharacterAtOffset":
            guard let at = int(arguments.first) else { return invalid }
            let scalar = points.indices.contains(at) ? Int32(points[at].value) : nil
            return .values([.int32(scalar ?? 0)])
        case "GetNSelections": return .values([.int32(text.selection.isEmpty ? 0 : 1)])
        case "GetSelection":
            return .values([.int32(Int32(text.selection.lowerBound)), .int32(Int32(text.selection.upperBound))])
        case "GetStringAtOffset", "GetTextAtOffset":
            // The whole line, the only granularity a one-line field needs to answer.
            return .values([.string(text.value), .int32(0), .int32(Int32(points.count))])
        case "SetCaretOffset", "SetSelection", "AddSelection", "RemoveSelection": return .values([.bool(false)])
        default: return .standardError("UnknownMethod", "Text.\(member) is not answered")
        }
    }

    /// The reply to an EditableText method on `node`, and the text it asks the field to hold.
    static func edit(_ member: String, _ arguments: [DBusValue], _ node: AccessibleNode) -> (BusReply, AccessibleRequest?) {
        guard let text = node.text else { return (.standardError("UnknownMethod", "the object has no text"), nil) }
        var points = text.points
        switch member {
        case "SetTextContents":
            guard case .string(let new)? = arguments.first else { return (invalid, nil) }
            return (.values([.bool(true)]), .setText(node.id, new))
        case "InsertText":
            guard let at = int(arguments.first), arguments.count >= 2, case .string(let new) = arguments[1] else { return (invalid, nil) }
            points.insert(contentsOf: Array(new.unicodeScalars), at: max(0, min(at, points.count)))
        case "DeleteText", "CutText":
            guard let start = int(arguments.first), let end = int(arguments.last) else { return (invalid, nil) }
            let from = max(0, min(start, points.count)), to = max(from, min(end, points.count))
            points.removeSubrange(from..<to)
        default: return (.standardError("UnknownMethod", "EditableText.\(member) is not answered"), nil)
        }
        return (.values([.bool(true)]), .setText(node.id, String(String.UnicodeScalarView(points))))
    }

    private static let invalid = BusReply.standardError("InvalidArgs", "expected offsets")
}
