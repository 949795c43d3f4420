import Foundation
import OpenHAB
import OpenHABModels
import OpenHABSimulator
import TestSupport
import Testing

/// A keypad lock's user codes are its Thing's configuration: read with the Thing, written with
/// `configure`, as the Z-Wave binding exposes them.
@Suite struct ClientThingConfigurationTests {
    @Test func userCodesAreReadAndWrittenAsConfiguration() async throws {
        try await withSimulator { simulator in
            let client = simulator.client()
            let lock = try ThingUID("sim:keypadlock:entrance")
            #expect(try await client.thing(lock).text("usercode_code_7") == "")

            let written = try await client.configure(lock, ["usercode_code_7": "482913", "usercode_label_7": "stay"])
            #expect(written.text("usercode_code_7") == "482913" && written.text("usercode_label_7") == "stay")
            #expect(try await client.thing(lock).text("usercode_code_7") == "482913")
            #expect(try await client.things().first { $0.uid == lock }?.text("usercode_code_8") == "")

            await #expect(
                throws: OpenHABError.rejected(message: "Parameter 'usercode_code_7': a user code is 4 to 8 digits, or empty to clear the slot.")
            ) {
                _ = try await client.configure(lock, ["usercode_code_7": "12"])
            }
            await #expect(throws: OpenHABError.notFound(message: "Thing sim:keypadlock:nope does not exist!")) {
                _ = try await client.configure(ThingUID("sim:keypadlock:nope"), [:])
            }
            try await simulator.control("PUT", "things/sim:keypadlock:entrance/status", #"{"status": "OFFLINE"}"#)
            await #expect(
                throws: OpenHABError.unexpectedStatus(
                    409, message: "Cannot update configuration of thing sim:keypadlock:entrance: its handler is not initialized.")
            ) {
                _ = try await client.configure(lock, ["usercode_code_7": ""])
            }
        }
    }
}
