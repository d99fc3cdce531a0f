/// Placeholder until the module has content.
public enum PiPLayoutModule { public static let name = "PiPLayout" }
