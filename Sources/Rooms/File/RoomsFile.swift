/// Reads and validates a rooms file (R2-R4).
///
/// ```swift
/// do {
///     let config = try RoomsFile.parse(bytes, fileName: "rooms.json")
/// } catch {
///     error.messages.forEach { print($0) }   // AppCore's words; exit status 2
/// }
/// ```
public enum RoomsFile {
    /// The largest number of participants a call may have.
    public static let maximumParticipants = 16

    /// Parses the bytes of a rooms file, reporting every problem at once.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents (`[UInt8]`, `Data`, ...).
    ///   - fileName: The name that starts every message, e.g. `rooms.json`.
    /// - Returns: The whole configuration; it throws every problem, never a partial room list.
    public static func parse<Bytes: Sequence<UInt8>>(_ bytes: Bytes, fileName: String) throws(RoomsFileError) -> RoomsConfig {
        let root: JSONValue
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(Array(bytes))
        } catch {
            throw RoomsFileError(problems: [RoomsFileProblem(
                fileName: fileName, position: error.position, path: nil,
                reason: .syntax(error.problem, atEndOfFile: error.atEndOfFile))])
        }
        var decoder = RoomsFileDecoder(fileName: fileName)
        let config = decoder.decodeConfig(root)
        guard let config, decoder.problems.isEmpty else { throw RoomsFileError(problems: decoder.sortedProblems) }
        return config
    }

    /// True if `id` is 1 to 64 of `A-Z a-z 0-9 _ -`.
    public static func isValidID(_ id: String) -> Bool {
        (1...64).contains(id.unicodeScalars.count) && id.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == "-"
        }
    }
}
