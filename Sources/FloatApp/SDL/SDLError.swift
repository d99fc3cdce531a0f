import CSDL

/// An SDL call that failed, with SDL's own message.
struct SDLError: Error, CustomStringConvertible {
    let call: String
    let message: String

    init(_ call: String) {
        self.call = call
        self.message = String(cString: SDL_GetError())
    }

    var description: String { "\(call) failed: \(message)" }
}

/// Turns a C status code (negative on failure) into a thrown `SDLError`.
@discardableResult
func sdlCheck(_ code: Int32, _ call: @autoclosure () -> String) throws(SDLError) -> Int32 {
    if code < 0 { throw SDLError(call()) }
    return code
}

/// Turns a C pointer result (nil on failure) into a thrown `SDLError`.
func sdlCheck<T>(_ pointer: T?, _ call: @autoclosure () -> String) throws(SDLError) -> T {
    guard let pointer else { throw SDLError(call()) }
    return pointer
}
