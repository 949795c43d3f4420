import Foundation
import OpenHABSimulator
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// Settings under which triggers fire at once.
enum Automations {
    static func firing(_ configuration: inout Settings) {
        TestServer.tokensOutlivingTheClock(&configuration)
        configuration.automations.enabled = true
        configuration.automations.tick = .milliseconds(100)
        // What a run did is read from the devices' own reports, which come as late as a loaded machine makes them.
        configuration.commandConfirmation = .seconds(60)
    }
}
