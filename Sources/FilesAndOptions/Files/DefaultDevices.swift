import Foundation
import Glibc
import Rooms

/// The desktop's defaults for calls (R5): the account's name, the first camera and the sound
/// server's default microphone.
public enum DefaultDevices {
    /// What this desktop offers now.
    public static func current() -> DesktopDevices {
        DesktopDevices(accountName: accountName(), camera: camera(), microphone: microphone())
    }

    /// The account's full name from its GECOS field (up to the first comma), else its login,
    /// else `$USER`.
    public static func accountName() -> String {
        if let entry = getpwuid(getuid()) {
            let gecos = entry.pointee.pw_gecos.map { String(cString: $0) } ?? ""
            let full = gecos.split(separator: ",", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if !full.allSatisfy(\.isWhitespace) { return full.trimmingCharacters(in: .whitespaces) }
            if let login = entry.pointee.pw_name.map({ String(cString: $0) }), !login.isEmpty { return login }
        }
        return ProcessInfo.processInfo.environment["USER"] ?? "me"
    }

    /// `v4l2:/dev/video0` when that camera exists.
    public static func camera() -> SourceSpec? {
        FileManager.default.fileExists(atPath: "/dev/video0") ? .v4l2(device: "/dev/video0") : nil
    }

    /// The sound server's default microphone; none yet.
    public static func microphone() -> SourceSpec? {
        nil
    }
}
