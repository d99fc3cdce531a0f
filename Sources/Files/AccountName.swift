import Foundation
import Glibc

/// The name a call shows for the user when the rooms file's `me` gives none (R5).
public enum AccountName {
    /// The account's full name from its GECOS field (up to the first comma), else its login,
    /// else `$USER`.
    public static func current() -> String {
        if let entry = getpwuid(getuid()) {
            let gecos = entry.pointee.pw_gecos.map { String(cString: $0) } ?? ""
            let full = gecos.split(separator: ",", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if !full.allSatisfy(\.isWhitespace) { return full.trimmingCharacters(in: .whitespaces) }
            if let login = entry.pointee.pw_name.map({ String(cString: $0) }), !login.isEmpty { return login }
        }
        return ProcessInfo.processInfo.environment["USER"] ?? "me"
    }
}
