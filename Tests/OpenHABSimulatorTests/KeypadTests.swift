import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// The keypad lock: user codes in its Thing's configuration, as the Z-Wave binding exposes them,
/// and what people do at the lock.
@Suite struct KeypadTests {
    static let lock = "sim:keypadlock:entrance"

    @Test func codesAreConfigurationParametersWrittenOnlyWhenValid() async throws {
        try await withSimulator { wire, _ throws in
            let thing = try await wire.get("/rest/things/\(Self.lock)").object()
            let configuration = try #require(thing["configuration"] as? [String: Any])
            #expect(configuration["usercode_code_1"] as? String == "" && configuration["usercode_code_20"] as? String == "")
            #expect(configuration["usercode_code_21"] == nil)

            let written = try await wire.send(
                .PUT, "/rest/things/\(Self.lock)/config", contentType: "application/json",
                body: #"{"usercode_code_7":"482913","usercode_label_7":"stay 1234"}"#)
            #expect(written.status == 200, "\(written.body)")
            let after = try written.object()["configuration"] as? [String: Any]
            #expect(after?["usercode_code_7"] as? String == "482913" && after?["usercode_label_7"] as? String == "stay 1234")
            #expect(after?["usercode_code_1"] as? String == "", "only the named parameters change")

            for body in [#"{"usercode_code_7":"12ab"}"#, #"{"usercode_code_7":"123"}"#, #"{"usercode_code_99":"123456"}"#, #"{"usercode_code_7":7}"#]
            {
                #expect(
                    try await wire.send(.PUT, "/rest/things/\(Self.lock)/config", contentType: "application/json", body: body).status == 400,
                    "\(body)")
            }
            #expect(try await wire.send(.PUT, "/rest/things/sim:keypadlock:nope/config", contentType: "application/json", body: "{}").status == 404)
            #expect(
                try await wire.send(.PUT, "/rest/things/\(Self.lock)/config", as: .user, contentType: "application/json", body: "{}").status == 403)
            try await wire.control(.PUT, "things/\(Self.lock)/status", #"{"status": "OFFLINE"}"#)
            #expect(
                try await wire.send(.PUT, "/rest/things/\(Self.lock)/config", contentType: "application/json", body: #"{"usercode_code_7":""}"#)
                    .status == 409)
        }
    }

    @Test func theRightCodeOpensAndSaysItsSlotWrongOnesLockTheKeypadOut() async throws {
        try await withSimulator(
            .testing(
                items: [.init(name: "Entrance_Lock", type: "Switch"), .init(name: "Entrance_Alarm", type: "String")],
                links: [
                    .init(itemName: "Entrance_Lock", channelUID: "\(Self.lock):lock"),
                    .init(itemName: "Entrance_Alarm", channelUID: "\(Self.lock):alarm_raw")
                ]
            )
        ) { wire, _ throws in
            _ = try await wire.send(.PUT, "/rest/things/\(Self.lock)/config", contentType: "application/json", body: #"{"usercode_code_7":"482913"}"#)
            let opened = try await wire.control(.POST, "things/\(Self.lock)/keypad", #"{"code": "482913"}"#).object()
            #expect(opened["opened"] as? Bool == true && opened["slot"] as? Int == 7)
            #expect(try await wire.get("/rest/items/Entrance_Lock/state").body == "OFF")
            let alarm = try await wire.get("/rest/items/Entrance_Alarm/state").body
            let notification = try JSONSerialization.jsonObject(with: Data(alarm.utf8)) as? [String: String]
            #expect(notification?["notification"] == "ACCESS_CONTROL__KEYPAD_UNLOCK" && notification?["code"] == "7" && notification?["event"] == "6")

            try await wire.control(.POST, "things/\(Self.lock)/turn", #"{"locked": true}"#)
            #expect(try await wire.get("/rest/items/Entrance_Alarm/state").body.contains("ACCESS_CONTROL__MANUAL_LOCK"))
            for attempt in 1...5 {
                let wrong = try await wire.control(.POST, "things/\(Self.lock)/keypad", #"{"code": "000000"}"#).object()
                #expect(wrong["opened"] as? Bool == false)
                let raw = try await wire.get("/rest/items/Entrance_Alarm/state").body
                #expect(raw.contains("KEYPAD_TEMPORARILY_DISABLED") == (attempt == 5), "attempt \(attempt): \(raw)")
            }
            #expect(try await wire.get("/rest/items/Entrance_Lock/state").body == "ON")

            // Someone changes the code at the lock: the configuration shows it; the old code no longer opens.
            try await wire.control(.PUT, "things/\(Self.lock)/slots/7", #"{"code": "111111"}"#)
            #expect(
                (try await wire.get("/rest/things/\(Self.lock)").object()["configuration"] as? [String: Any])?["usercode_code_7"] as? String
                    == "111111")
            #expect(try await wire.control(.POST, "things/\(Self.lock)/keypad", #"{"code": "482913"}"#).object()["opened"] as? Bool == false)
        }
    }
}
