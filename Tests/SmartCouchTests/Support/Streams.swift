import Foundation
import NIOHTTP1
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchServices

/// Settings under which events reach streams at once, hub events included.
enum Streams {
    /// Hub events' settings, with events on.
    static func listening(_ configuration: inout Settings) {
        HubListening.listening(&configuration)
        configuration.events.enabled = true
    }
}
