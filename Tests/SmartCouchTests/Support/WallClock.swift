import Foundation
import Logging
import OpenHABSimulator
import PostgresNIO
import TestSupport
import Testing

@testable import SmartCouchBootstrap
@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// Days as the machine's own clock has them, for tests of server processes, whose clocks are real.
enum WallClock {
    static func day(_ offset: Int) -> String {
        Date().addingTimeInterval(Double(offset) * 86400).formatted(.iso8601.year().month().day().dateSeparator(.dash))
    }
}
