extension RoomsFileText {
    /// A valid rooms file's text with the byte ranges an edit needs: the root object's opening
    /// brace, the `rooms` list's brackets and each room's bytes.
    struct Document {
        let bytes: [UInt8]
        /// The byte just after the root object's `{`.
        let rootBody: Int
        /// The `rooms` list, when the file has one.
        let list: RoomList?

        /// The `rooms` list's places: after its `[`, at its `]`, and each room's bytes and id.
        struct RoomList {
            let body: Int
            let close: Int
            let elements: [Range<Int>]
            let ids: [String?]
            /// The indentation of the line the list's key is on.
            let keyIndent: String
        }

        init(_ bytes: [UInt8], fileName: String) throws(RoomsFileEditError) {
            let root: JSONValue
            do throws(RoomsFileError) {
                _ = try RoomsFile.parse(bytes, fileName: fileName)
                root = try Self.syntax(bytes, fileName: fileName)
            } catch {
                throw .fileInvalid(error)
            }
            self.bytes = bytes
            let offsets = LineOffsets(bytes)
            rootBody = offsets.offset(of: root.position) + 1
            guard case .object(let members) = root.content,
                  let rooms = members.first(where: { $0.key == "rooms" }),
                  case .array(let elements) = rooms.value.content else {
                list = nil
                return
            }
            let open = offsets.offset(of: rooms.value.position)
            let ranges = elements.map { element in
                let start = offsets.offset(of: element.position)
                return start..<JSONSkipper.end(ofValueAt: start, in: bytes)
            }
            list = RoomList(body: open + 1, close: JSONSkipper.end(ofValueAt: open, in: bytes) - 1, elements: ranges,
                            ids: elements.map(Self.id), keyIndent: offsets.indent(ofLineAt: offsets.offset(of: rooms.keyPosition)))
        }

        private static func syntax(_ bytes: [UInt8], fileName: String) throws(RoomsFileError) -> JSONValue {
            do throws(JSONSyntaxError) {
                return try JSONParser.parse(bytes)
            } catch {
                throw RoomsFileError(problems: [RoomsFileProblem(fileName: fileName, position: error.position, path: nil,
                                                                 reason: .syntax(error.problem, atEndOfFile: error.atEndOfFile))])
            }
        }

        private static func id(of element: JSONValue) -> String? {
            guard case .object(let fields) = element.content,
                  case .string(let id)? = fields.first(where: { $0.key == "id" })?.value.content else { return nil }
            return id
        }

        func roomIndex(of id: RoomID) -> Int? {
            list?.ids.firstIndex(of: id)
        }

        private func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }

        private func replacing(_ range: Range<Int>, with text: String) -> [UInt8] {
            var edited = bytes
            edited.replaceSubrange(range, with: Array(text.utf8))
            return edited
        }

        /// What separates two rooms of the list: the file's own comma and spacing between its
        /// first two, else a comma and the spacing before its only one.
        private func separator(_ list: RoomList) -> String {
            if list.elements.count >= 2 { return text(list.elements[0].upperBound..<list.elements[1].lowerBound) }
            let before = text(list.body..<list.elements[0].lowerBound)
            return "," + (before.isEmpty ? " " : before)
        }

        func inserting(_ element: String, at index: Int?) -> [UInt8] {
            guard let list else {
                return replacing(rootBody..<rootBody, with: "\n  \"rooms\": [\n    " + element + "\n  ],")
            }
            guard let last = list.elements.last else {
                let indent = list.keyIndent
                return replacing(list.body..<list.close, with: "\n" + indent + "  " + element + "\n" + indent)
            }
            let separator = separator(list)
            if let index, index < list.elements.count {
                let at = list.elements[max(0, index)].lowerBound
                return replacing(at..<at, with: element + separator)
            }
            return replacing(last.upperBound..<last.upperBound, with: separator + element)
        }

        func removing(at index: Int) -> (text: [UInt8], element: String) {
            guard let list else { return (bytes, "") }
            let elements = list.elements
            let element = text(elements[index])
            if elements.count == 1 { return (replacing(list.body..<list.close, with: ""), element) }
            if index + 1 < elements.count {
                return (replacing(elements[index].lowerBound..<elements[index + 1].lowerBound, with: ""), element)
            }
            return (replacing(elements[index - 1].upperBound..<elements[index].upperBound, with: ""), element)
        }

        /// The indentation a new room's fields are written with: that of the line the list's
        /// rooms start on, when they start on a line of their own; nil writes it on one line.
        func elementIndent() -> String? {
            guard let list else { return "    " }
            guard let first = list.elements.first else { return list.keyIndent + "  " }
            let before = bytes[list.body..<first.lowerBound]
            guard let newline = before.lastIndex(of: UInt8(ascii: "\n")) else { return nil }
            return String(decoding: bytes[(newline + 1)..<first.lowerBound], as: UTF8.self)
        }
    }
}
