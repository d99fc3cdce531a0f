import AppCore
import Rooms
import XCTest

/// Every refusal of the playlist and invite-link parsers has words: one sample of each case of
/// their error types, each worded, no two alike. The `switch`es name every case, so a case
/// added to a type fails to compile here until it has a sample.
final class ParserWordsTests: XCTestCase {
    private let address: [NetworkAddressProblem] = [
        .forbiddenCharacter(0x20), .badPercentEncoding, .encodedControlCharacter, .noHost(scheme: "http"), .badHost("a!"), .badPort("99999"),
    ]
    private let local: [LocalSource] = [.file, .lavfi, .device(scheme: "v4l2")]

    private func name(_ problem: NetworkAddressProblem) -> String {
        switch problem {
        case .forbiddenCharacter: "forbiddenCharacter"
        case .badPercentEncoding: "badPercentEncoding"
        case .encodedControlCharacter: "encodedControlCharacter"
        case .noHost: "noHost"
        case .badHost: "badHost"
        case .badPort: "badPort"
        }
    }

    private func name(_ reason: PlaylistProblem.Reason) -> String {
        switch reason {
        case .tooLarge: "tooLarge"
        case .invalidUTF8: "invalidUTF8"
        case .notExtendedM3U: "notExtendedM3U"
        case .hlsStream: "hlsStream"
        case .noEntries: "noEntries"
        case .lineTooLong: "lineTooLong"
        case .infoWithoutEntry: "infoWithoutEntry"
        case .controlCharacter: "controlCharacter"
        case .badEntry: "badEntry"
        case .badAddress: "badAddress"
        case .localEntryInDownload: "localEntryInDownload"
        case .tooManyEntries: "tooManyEntries"
        }
    }

    private func name(_ error: InviteLinkError) -> String {
        switch error {
        case .tooLong: "tooLong"
        case .forbiddenCharacter: "forbiddenCharacter"
        case .notFloatAppLink: "notFloatAppLink"
        case .unknownKind: "unknownKind"
        case .unexpectedPath: "unexpectedPath"
        case .fragment: "fragment"
        case .unknownField: "unknownField"
        case .duplicateField: "duplicateField"
        case .missingField: "missingField"
        case .emptyField: "emptyField"
        case .badPercentEncoding: "badPercentEncoding"
        case .notUTF8: "notUTF8"
        case .controlCharacter: "controlCharacter"
        case .encodedTwice: "encodedTwice"
        case .invalidID: "invalidID"
        case .localSource: "localSource"
        case .unsupportedScheme: "unsupportedScheme"
        case .badSource: "badSource"
        case .badAddress: "badAddress"
        case .badServerURL: "badServerURL"
        }
    }

    private func name(_ refusal: InviteLinkRefusal) -> String {
        switch refusal {
        case .localSource: "localSource"
        case .callWithoutServer: "callWithoutServer"
        case .unknownServer: "unknownServer"
        case .serverHoldsNoCalls: "serverHoldsNoCalls"
        case .wouldNotOpen: "wouldNotOpen"
        }
    }

    /// Each sample worded, the words all different, and the samples one of each case.
    private func check<T>(_ samples: [T], cases: Int, name: (T) -> String, words: (T) -> String,
                          file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Set(samples.map(name)).count, cases, "one sample of each case", file: file, line: line)
        let worded = samples.map(words)
        XCTAssertFalse(worded.contains { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(worded)", file: file, line: line)
        XCTAssertEqual(Set(worded).count, worded.count, "\(worded)", file: file, line: line)
    }

    func testEveryAddressProblemAndLocalSourceIsWorded() {
        check(address, cases: 6, name: name, words: \.words)
        check(local, cases: 3, name: { "\($0)" }, words: \.words)
    }

    func testEveryPlaylistProblemIsWorded() {
        let reasons: [PlaylistProblem.Reason] = [
            .tooLarge(Playlist.maximumSize), .invalidUTF8(byte: 0xFF), .notExtendedM3U, .hlsStream(tag: "#EXT-X-TARGETDURATION"),
            .noEntries, .lineTooLong(limit: Playlist.maximumLineLength), .infoWithoutEntry, .controlCharacter(0),
            .badEntry(.unsupportedScheme("ftp")), .badAddress(.badPort("99999")), .localEntryInDownload(.file),
            .tooManyEntries(limit: Playlist.maximumEntries),
        ]
        check(reasons, cases: 12, name: name, words: \.words)
        XCTAssertEqual(PlaylistProblem(position: TextPosition(line: 3, column: 7), reason: .infoWithoutEntry).words,
                       "3:7: #EXTINF with no entry after it")
        XCTAssertEqual(PlaylistProblem(position: nil, reason: .noEntries).words, "the playlist has no entry FloatApp can open")
    }

    func testEveryInviteLinkErrorAndRefusalIsWorded() {
        let errors: [InviteLinkError] = [
            .tooLong(limit: InviteLink.maximumLength), .forbiddenCharacter(0x20, column: 3), .notFloatAppLink, .unknownKind("x"),
            .unexpectedPath("x"), .fragment, .unknownField("x", allowed: ["title", "url"]), .duplicateField("url"),
            .missingField("url"), .emptyField("url"), .badPercentEncoding(field: "url"), .notUTF8(field: "url"),
            .controlCharacter(field: "title", 0x0A), .encodedTwice(field: "url"), .invalidID(field: "room", "a b"),
            .localSource(field: "url", .lavfi), .unsupportedScheme(field: "url", "rtmps"), .badSource(field: "url", .empty),
            .badAddress(field: "url", .noHost(scheme: "http")), .badServerURL(field: "calls", .callPlaceholdersNotOnce),
        ]
        check(errors, cases: 20, name: name, words: \.words)
        let refusals: [InviteLinkRefusal] = [
            .localSource(.device(scheme: "pulse")), .callWithoutServer, .unknownServer("x"), .serverHoldsNoCalls("x"), .wouldNotOpen(.fragment),
        ]
        check(refusals, cases: 5, name: name, words: \.words)
    }
}
