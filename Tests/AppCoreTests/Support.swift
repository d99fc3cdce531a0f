import AppCore
import XCTest
