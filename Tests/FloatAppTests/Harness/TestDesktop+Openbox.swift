import Foundation
import TestSupport

/// Starting openbox with margins that stand in for a panel.
extension TestDesktop {
    /// The stock openbox configuration the test configuration is made from.
    static let stockOpenboxConfig = URL(fileURLWithPath: "/etc/xdg/openbox/rc.xml")

    /// The stock openbox configuration with its `<margins>` block replaced by `margins`.
    static func openboxConfig(margins: EdgeInsets) throws -> String {
        let stock = try String(contentsOf: stockOpenboxConfig, encoding: .utf8)
        guard let start = stock.range(of: "<margins>"),
            let end = stock.range(of: "</margins>", range: start.upperBound..<stock.endIndex)
        else {
            throw HarnessError("\(stockOpenboxConfig.path) has no <margins> block")
        }
        let block = """
            <margins><top>\(margins.top)</top><bottom>\(margins.bottom)</bottom>\
            <left>\(margins.left)</left><right>\(margins.right)</right></margins>
            """
        return stock.replacingCharacters(in: start.lowerBound..<end.upperBound, with: block)
    }

    /// Starts openbox and waits until it manages the screen with the expected work area.
    ///
    /// On failure openbox is ended again before the error is thrown.
    func startOpenbox(margins: EdgeInsets, until deadline: Date) throws -> ChildProcess {
        let configURL = workFolder.appendingPathComponent("openbox-rc.xml")
        try Self.openboxConfig(margins: margins).write(to: configURL, atomically: true, encoding: .utf8)
        let process = try launchWindowManager(
            "openbox", executable: "/usr/bin/openbox", arguments: ["--sm-disable", "--config-file", configURL.path],
            home: try windowManagerHome("openbox"))
        let expected = DesktopRect(
            x: margins.left, y: margins.top,
            width: screen.width - margins.left - margins.right,
            height: screen.height - margins.top - margins.bottom)
        try waitUntilManaging(process, name: "openbox", until: deadline) { $0 == expected }
        return process
    }
}
