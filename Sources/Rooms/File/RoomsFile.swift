/// Reads and validates a rooms file (R2-R4).
///
/// ```swift
/// switch RoomsFile.parse(bytes, fileName: "rooms.json") {
/// case .success(let config): ...
/// case .failure(let error): error.messages.forEach { print($0) }  // exit status 2
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
    /// - Returns: The whole configuration, or every problem; never a partial room list.
    public static func parse<Bytes: Sequence<UInt8>>(_ bytes: Bytes, fileName: String) -> Result<RoomsConfig, RoomsFileError> {
        switch JSONParser.parse(Array(bytes)) {
        case .failure(let syntaxError):
            return .failure(RoomsFileError(problems: [RoomsFileProblem(
                fileName: fileName, position: syntaxError.position, path: nil, message: syntaxError.message)]))
        case .success(let root):
            var decoder = RoomsFileDecoder(fileName: fileName)
            let config = decoder.decodeConfig(root)
            if let config, decoder.problems.isEmpty { return .success(config) }
            return .failure(RoomsFileError(problems: decoder.sortedProblems))
        }
    }

    /// True if `id` is 1 to 64 of `A-Z a-z 0-9 _ -`.
    public static func isValidID(_ id: String) -> Bool {
        (1...64).contains(id.unicodeScalars.count) && id.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == "-"
        }
    }
}
