import Foundation
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// A command tells the truth about the house: an offline device is refused and says so, and a
/// command is done only when the device itself reports it.
///
/// One test at a time: each starts a server and a hub, and a parallel run already starts dozens.
@Suite(.serialized) struct CommandTruthTests {

    static func lastLine(_ server: TestServer, _ home: Home) async throws -> [String: Any] {
        let log = try await server.send(.GET, "/home/log/\(home.couchId)", token: home.host.accessToken).json
        return try #require((log["items"] as? [[String: Any]])?.first)
    }

    @Test func anOfflineLockRefusesTheCommandSaysSoAndShowsItsStatusToHostAndGuest() async throws {
        try await TestServer.withHome(TestServer.tokensOutlivingTheClock) { server, home in
            server.moveClock(toNext: 16)
            let door = try await SmartLock.frontDoor(server, home)
            let guest = try await server.register("Guest")
            _ = try await server.book(guest, home.couchId, from: 0, to: 2)
            try await SmartLock.offline(home, SmartLock.lock)
            try await home.control(.DELETE, "/requests")

            let refused = try await server.send(.POST, "/home/switch/\(door.main)", token: guest.accessToken).problem(.conflict)
            #expect((refused["type"] as? String)?.hasSuffix("device-offline") == true, "\(refused)")
            #expect((refused["detail"] as? String)?.contains("Front door is OFFLINE") == true, "\(refused)")
            #expect(try await home.commandsReceived().isEmpty, "nothing reaches an offline device")
            let line = try await Self.lastLine(server, home)
            #expect(line["outcome"] as? String == "failed" && (line["detail"] as? String)?.contains("OFFLINE") == true, "\(line)")

            for account in [home.host, guest] {
                let devices = try await server.send(.GET, "/home/items/\(home.couchId)", token: account.accessToken).jsonArray
                #expect(
                    devices.first?["thingStatus"] as? String == "OFFLINE" && devices.first?["thingStatusDetail"] as? String == "COMMUNICATION_ERROR",
                    "\(devices)")
            }
            try await home.control(.PUT, "/things/\(SmartLock.lock)/status", #"{"status": "ONLINE"}"#)
            let back = try await server.send(.POST, "/home/switch/\(door.main)", token: guest.accessToken)
            let confirmed = try back.json["confirmed"] as? Bool
            #expect(back.status == .ok && confirmed == true, "\(back.text)")
        }
    }

    @Test func aCommandIsDoneWhenTheDeviceReportsItAndASecondToggleFlipsBack() async throws {
        try await TestServer.withHome(lockActuation: .milliseconds(300)) { server, home in
            let door = try await SmartLock.frontDoor(server, home)
            // The lock starts locked (ON); each toggle answers once the lock has turned.
            let first = try await server.send(.POST, "/home/switch/\(door.main)", token: home.host.accessToken)
            let (firstState, firstConfirmed) = (try first.json["state"] as? String, try first.json["confirmed"] as? Bool)
            #expect(first.status == .ok && firstState == "OFF" && firstConfirmed == true, "\(first.text)")
            let second = try await server.send(.POST, "/home/switch/\(door.main)", token: home.host.accessToken)
            let secondState = try second.json["state"] as? String
            #expect(second.status == .ok && secondState == "ON", "\(second.text)")
            let device = try await server.send(.GET, "/home/item/\(door.device)", token: home.host.accessToken).json
            #expect(try TestServer.item(device, channel: "lock")["state"] as? String == "ON", "the door is locked again: \(device)")
            #expect(try await Self.lastLine(server, home)["outcome"] as? String == "ok")
        }
    }

    @Test func aCommandTheDeviceDoesNotConfirmInTimeIsSentNotConfirmed() async throws {
        try await TestServer.withHome(lockActuation: .seconds(20), { $0.commandConfirmation = .milliseconds(300) }) { server, home in
            let door = try await SmartLock.frontDoor(server, home)
            let sent = try await server.send(.POST, "/home/switch/\(door.main)", token: home.host.accessToken)
            #expect(sent.status == .accepted, "\(sent.text)")
            let body = try sent.json
            #expect(body["confirmed"] as? Bool == false && body["state"] as? String == "OFF", "\(sent.text)")
            let line = try await Self.lastLine(server, home)
            #expect(line["outcome"] as? String == "unconfirmed" && (line["detail"] as? String)?.hasPrefix("sent, not confirmed") == true, "\(line)")
        }
    }

    /// openHAB before 4.0 announces no state updates, so nothing would ever confirm a command: the
    /// server sends it and answers at once, saying why, instead of after the whole confirmation wait
    /// (here longer than the client waits for any answer).
    @Test func aCommandToAHubBeforeOpenHABFourIsSentAndAnsweredAtOnceAsNotConfirmed() async throws {
        try await TestServer.withHome(openHABVersion: "3.4.0", { $0.commandConfirmation = .seconds(600) }) { server, home in
            let door = try await SmartLock.frontDoor(server, home)
            try await home.control(.DELETE, "/requests")
            let sent = try await server.send(.POST, "/home/switch/\(door.main)", token: home.host.accessToken)
            #expect(sent.status == .accepted, "\(sent.text)")
            let body = try sent.decoded(as: Schemas.CommandResult.self)
            #expect(body.confirmed == false && body.state == "OFF" && body.reportedState == nil, "\(sent.text)")
            #expect(try await home.commandsReceived().count == 1, "the command went to the hub")
            let line = try await Self.lastLine(server, home)
            #expect(line["outcome"] as? String == "unconfirmed", "\(line)")
            #expect((line["detail"] as? String)?.contains("the hub runs openHAB 3.4.0, which does not announce state updates") == true, "\(line)")

            // What the hub is was asked once: the next command knows it.
            #expect(try await server.send(.POST, "/home/switch/\(door.main)", token: home.host.accessToken).status == .accepted)
            #expect(try await home.commandsReceived().count == 2)
            #expect(try await home.receivedRequests().filter { $0.method == "GET" && $0.uri == "/rest/" }.count == 1)
        }
    }

    /// The device's report decides, not the hub's answer: a hub that applies a command and then
    /// answers 500 did it; one that answers 500 and does nothing did not.
    @Test func aHubThatAppliesTheCommandAndThenErrsIsConfirmedByTheDevice() async throws {
        try await TestServer.withHome { server, home in
            let door = try await SmartLock.frontDoor(server, home)
            try await home.control(
                .PUT, "/faults", #"{"failStatus": 500, "pathPattern": "^/rest/items/[^/]+$", "method": "POST", "afterApplying": true}"#)
            let applied = try await server.send(.POST, "/home/switch/\(door.main)", token: home.host.accessToken)
            let confirmed = try applied.json["confirmed"] as? Bool
            #expect(applied.status == .ok && confirmed == true, "\(applied.text)")
            let line = try await Self.lastLine(server, home)
            #expect(line["outcome"] as? String == "ok" && (line["detail"] as? String)?.contains("500") == true, "\(line)")

            try await home.control(.PUT, "/faults", #"{"failStatus": 500, "pathPattern": "^/rest/items/[^/]+$", "method": "POST"}"#)
            try await server.send(.POST, "/home/switch/\(door.main)", token: home.host.accessToken).problem(.badGateway)
            #expect(try await Self.lastLine(server, home)["outcome"] as? String == "failed")
        }
    }

    /// A hub that does not answer in time may still have taken the command: it is confirmed if the
    /// device reports it within the bound, and otherwise sent with its result unknown, never failed.
    @Test func aHubThatTimesOutLeavesTheDeviceToSayWhatHappened() async throws {
        try await TestServer.withHome({
            $0.hubTimeout = .seconds(3)
            $0.commandConfirmation = .seconds(20)
        }) { server, home in
            let door = try await SmartLock.frontDoor(server, home)
            try await home.control(.PUT, "/faults", #"{"latencyMs": 4000, "pathPattern": "^/rest/items/[^/]+$", "method": "POST"}"#)
            let landed = try await server.send(.POST, "/home/switch/\(door.main)", token: home.host.accessToken)
            let state = try landed.json["state"] as? String
            #expect(landed.status == .ok && state == "OFF", "it landed, and the lock said so: \(landed.text)")
            #expect(try await Self.lastLine(server, home)["outcome"] as? String == "ok")
        }
        try await TestServer.withHome({
            $0.hubTimeout = .seconds(3)
            $0.commandConfirmation = .milliseconds(500)
        }) { server, home in
            let door = try await SmartLock.frontDoor(server, home)
            try await home.control(.PUT, "/faults", #"{"latencyMs": 8000, "pathPattern": "^/rest/items/[^/]+$", "method": "POST"}"#)
            let unknown = try await server.send(.POST, "/home/switch/\(door.main)", token: home.host.accessToken)
            let confirmed = try unknown.json["confirmed"] as? Bool
            #expect(unknown.status == .accepted && confirmed == false, "\(unknown.text)")
            let line = try await Self.lastLine(server, home)
            #expect(line["outcome"] as? String == "unconfirmed" && (line["detail"] as? String)?.hasPrefix("sent, result unknown") == true, "\(line)")
        }
    }

    @Test func theWeatherJobCountsAnOfflineDeviceAsAFailure() async throws {
        try await TestServer.withHome(TestServer.operators) { server, home in
            let climate = try await server.createClimateDevices(in: home, heating: "OFF", cooling: "ON")
            try await server.watch(climate, in: home)
            try await eventually("the devices report their initial states") { try await home.mainSwitches(climate) == [.off, .on] }
            try await SmartLock.offline(home, "sim:thermostat:living")
            try await home.weather("Budapest", #"{"temperature": 5}"#)
            let summary = try await server.runWeatherJob()
            let counts = try #require(summary["summary"] as? [String: Any], "\(summary)")
            #expect(counts["commandsSent"] as? Int == 1 && counts["failed"] as? Int == 1, "\(counts)")
            let reason = ((counts["failures"] as? [[String: Any]])?.first?["reason"] as? String) ?? ""
            #expect(reason.contains("OFFLINE"), "\(counts)")
        }
    }
}
