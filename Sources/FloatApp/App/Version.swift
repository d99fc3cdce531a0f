/// FloatApp's version.
enum FloatAppVersion {
    static let string = "0.1.0"
}
