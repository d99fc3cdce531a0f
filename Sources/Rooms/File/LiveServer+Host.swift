extension LiveServer {
    /// The server's address as a person checks it: the host and port of its statistics page
    /// (`127.0.0.1:8080`, `tv.example`), without any user name; the URL itself when it has no
    /// authority.
    public var host: String {
        guard let authority = NetworkURL(stats)?.authority, !authority.isEmpty else { return stats }
        return authority.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? authority
    }
}
