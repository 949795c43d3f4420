import Foundation
import OpenHABModels
import OpenHABSimulator
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// Scenes end to end: the host makes them from the simulator's devices, runs reach the hub at
/// once with each action's outcome, and guests and stay links' holders run what they may.
@Suite struct SceneTests {

    @Test func aHostsScenesRunEveryActionAtOnceAndSayWhatEachDid() async throws {
        try await TestServer.withHome(things: Furnishing.things) { server, home in
            let token = home.host.accessToken
            // Before any device, the built-in scenes are there, with nothing to do.
            var listed = try await Furnishing.scenes(server, home.couchId, token: token)
            #expect(listed.map { $0["name"] as? String } == ["Welcome", "Eco"] && listed.allSatisfy { ($0["actions"] as? [Any])?.isEmpty == true })
            let devices = try await Furnishing.furnish(server, home)

            // They follow the devices: Welcome warms, lights and opens; Eco turns off, closes and locks.
            listed = try await Furnishing.scenes(server, home.couchId, token: token)
            func actions(_ scene: [String: Any]?) -> [String: String] {
                Dictionary(
                    uniqueKeysWithValues: ((scene?["actions"] as? [[String: Any]]) ?? []).map {
                        ($0["itemId"] as? String ?? "", $0["command"] as? String ?? "")
                    })
            }
            let welcome = listed.first { $0["builtin"] as? String == "welcome" }
            let eco = listed.first { $0["builtin"] as? String == "eco" }
            #expect(welcome?["followsDevices"] as? Bool == true)
            #expect(
                actions(welcome) == [
                    try devices.item(\.heater, "power"): "ON", try devices.item(\.lamp, "power"): "ON", try devices.item(\.shutter, "position"): "UP"
                ])
            #expect(
                actions(eco) == [
                    try devices.item(\.heater, "power"): "OFF", try devices.item(\.cooler, "power"): "OFF", try devices.item(\.lamp, "power"): "OFF",
                    try devices.item(\.shutter, "position"): "DOWN", try devices.item(\.lock, "lock"): "ON"
                ])

            // A scene of the host's own; commands are stored as the hub will take them.
            let made = try await server.send(
                .POST, "/couches/\(home.couchId)/scenes",
                json: [
                    "name": " Evening ",
                    "actions": [
                        ["itemId": try devices.item(\.heater, "setpoint"), "command": "22,5"],
                        ["itemId": try devices.item(\.lamp, "brightness"), "command": "40"],
                        ["itemId": try devices.item(\.cooler, "power"), "command": "off"]
                    ]
                ], token: token)
            #expect(made.status == .created, "\(made.text)")
            let evening = try made.json
            let eveningId = try #require(evening["id"] as? String)
            #expect(
                evening["name"] as? String == "Evening" && evening["guestRunnable"] as? Bool == true && evening["followsDevices"] as? Bool == false)
            #expect((evening["actions"] as? [[String: Any]])?.map { $0["command"] as? String } == ["22.5 °C", "40", "OFF"])

            let run = try await server.send(.POST, "/scenes/\(eveningId)/run", token: token)
            #expect(run.status == .ok, "\(run.text)")
            #expect(try Furnishing.outcomes(run).values.allSatisfy { $0 == "ok" }, "\(run.text)")
            #expect(try await Furnishing.state(home, devices.heater, "setpoint") == "22.5 °C")
            #expect(try await Furnishing.state(home, devices.lamp, "brightness") == "40")

            // A device whose hub calls fail fails its own action; the others go on.
            try await home.control(.PUT, "/faults", #"{"failStatus": 500, "pathPattern": "^/rest/items/sc_.*power", "method": "POST"}"#)
            let failing = try await server.send(.POST, "/scenes/\(eveningId)/run", token: token)
            #expect(failing.status == .ok, "\(failing.text)")
            let outcomes = try Furnishing.outcomes(failing)
            #expect(outcomes[try devices.item(\.cooler, "power")] == "failed", "\(failing.text)")
            let (setpoint, brightness) = (try devices.item(\.heater, "setpoint"), try devices.item(\.lamp, "brightness"))
            #expect(outcomes[setpoint] == "ok" && outcomes[brightness] == "ok", "\(failing.text)")
            try await home.control(.DELETE, "/faults")

            // The run and each action are in the access log, naming the scene.
            let log = try await server.send(.GET, "/home/log/\(home.couchId)?limit=100", token: token).json["items"] as? [[String: Any]] ?? []
            let runs = log.filter { $0["action"] as? String == "run scene" }
            #expect(
                runs.count == 2 && runs.contains { $0["outcome"] as? String == "failed" && ($0["detail"] as? String)?.contains("1 failed") == true },
                "\(runs)")
            #expect(log.filter { ($0["detail"] as? String)?.contains("scene \"Evening\"") == true }.count >= 6, "\(log)")

            // A host's edit of a built-in scene stops it following the devices.
            let welcomeId = try #require(welcome?["id"] as? String)
            let edited = try await server.send(
                .PATCH, "/scenes/\(welcomeId)",
                json: [
                    "actions": [["itemId": try devices.item(\.heater, "setpoint"), "command": "23"]]
                ], token: token)
            #expect(edited.status == .ok, "\(edited.text)")
            #expect(try edited.json["followsDevices"] as? Bool == false)
            #expect(try await server.send(.DELETE, "/scenes/\(welcomeId)", token: token).status == .noContent)
            #expect(try await Furnishing.scenes(server, home.couchId, token: token).map { $0["name"] as? String } == ["Eco", "Evening"])
        }
    }

    @Test func badScenesAreRefusedAndChangeNothing() async throws {
        try await TestServer.withHome(things: Furnishing.things) { server, home in
            let token = home.host.accessToken
            let devices = try await Furnishing.furnish(server, home)
            let sensor = try await server.createDevice(
                in: home, type: "sensor", name: "Window", thing: "sim:windowcontact:bedroom", channels: [("contact", nil)])
            let sensorItem = try #require(try TestServer.item(sensor, channel: "contact")["id"] as? String)
            let other = try await server.createCouch(by: home.host)
            let path = "/couches/\(home.couchId)/scenes"
            func refused(_ body: [String: Any], _ field: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
                let problem = try await server.send(.POST, path, json: body, token: token).problem(.unprocessableEntity)
                let fields = (problem["errors"] as? [[String: Any]])?.compactMap { $0["field"] as? String } ?? []
                #expect(fields.contains(field), "\(field): \(problem)", sourceLocation: sourceLocation)
            }
            let heater = try devices.item(\.heater, "power")
            try await refused(["actions": [["itemId": heater, "command": "ON"]]], "name")
            try await refused(["name": "No actions"], "actions")
            try await refused(["name": "  ", "actions": []], "name")
            try await refused(["name": "Two\nlines", "actions": []], "name")
            try await refused(["name": String(repeating: "x", count: 81), "actions": []], "name")
            try await refused(["name": "Hot", "actions": [["itemId": heater, "command": "HOT"]]], "actions[0].command")
            try await refused(
                ["name": "Bright", "actions": [["itemId": try devices.item(\.lamp, "brightness"), "command": "101"]]], "actions[0].command")
            try await refused(
                ["name": "Half", "actions": [["itemId": try devices.item(\.shutter, "position"), "command": "HALF"]]], "actions[0].command")
            try await refused(["name": "Window", "actions": [["itemId": sensorItem, "command": "OPEN"]]], "actions[0].command")
            try await refused(
                ["name": "Twice", "actions": [["itemId": heater, "command": "ON"], ["itemId": heater, "command": "OFF"]]], "actions[1].itemId")
            try await refused(["name": "Elsewhere", "actions": [["itemId": UUID().uuidString, "command": "ON"]]], "actions[0].itemId")
            let unlock = ["itemId": try devices.item(\.lock, "lock"), "command": "OFF"]
            try await refused(["name": "Let in", "guestRunnable": true, "actions": [unlock]], "guestRunnable")
            try await refused(["name": "Many", "actions": Array(repeating: ["itemId": heater, "command": "ON"], count: 51)], "actions")
            _ = try await server.send(.POST, path, json: ["name": 5, "actions": []], token: token).problem(.unprocessableEntity)
            _ = try await server.send(.POST, path, json: ["name": "x", "actions": [["itemId": "nope", "command": "ON"]]], token: token).problem(
                .unprocessableEntity)
            // An item of another couch of the same host is not this couch's.
            _ = try await server.send(
                .POST, "/couches/\(other)/scenes", json: ["name": "Theirs", "actions": [["itemId": heater, "command": "ON"]]], token: token
            )
            .problem(.unprocessableEntity)
            #expect(try await Furnishing.scenes(server, home.couchId, token: token).count == 2)
            #expect(try await Furnishing.scenes(server, other, token: token).count == 2)

            // A scene that unlocks is the host's alone by default; names are unique ignoring case.
            let letIn = try await server.send(.POST, path, json: ["name": "Let in", "actions": [unlock]], token: token)
            #expect(letIn.status == .created, "\(letIn.text)")
            #expect(try letIn.json["guestRunnable"] as? Bool == false)
            _ = try await server.send(.POST, path, json: ["name": "LET IN", "actions": []], token: token).problem(.conflict)
            let letInId = try #require(try letIn.json["id"] as? String)
            try await server.send(.PATCH, "/scenes/\(letInId)", json: ["guestRunnable": true], token: token).problem(.unprocessableEntity)
            try await server.send(.PATCH, "/scenes/\(letInId)", json: ["name": "Eco"], token: token).problem(.conflict)
            try await server.send(.PATCH, "/scenes/\(UUID())", json: ["name": "Gone"], token: token).problem(.notFound)
            try await server.send(.PATCH, "/scenes/not-an-id", json: ["name": "Gone"], token: token).problem(.badRequest)
            let unchanged = try await Furnishing.scenes(server, home.couchId, token: token).first { $0["id"] as? String == letInId }
            #expect(unchanged?["name"] as? String == "Let in" && unchanged?["guestRunnable"] as? Bool == false)
        }
    }

    @Test func guestsRunWhatTheHostLetsThemInTheirWindowAndStrangersNothing() async throws {
        try await TestServer.withHome(things: Furnishing.things, TestServer.tokensOutlivingTheClock) { server, home in
            server.moveClock(toNext: 16)
            let devices = try await Furnishing.furnish(server, home, lampForGuests: false)
            let token = home.host.accessToken
            let guest = try await server.register("Guest")
            let later = try await server.register("Later")
            let stranger = try await server.register("Stranger")
            _ = try await server.book(guest, home.couchId, from: 0, to: 2)
            _ = try await server.book(later, home.couchId, from: 4, to: 5)
            let hostOnly = try await server.send(
                .POST, "/couches/\(home.couchId)/scenes",
                json: [
                    "name": "Host only", "guestRunnable": false, "actions": [["itemId": try devices.item(\.heater, "power"), "command": "ON"]]
                ], token: token
            ).json
            let hostOnlyId = try #require(hostOnly["id"] as? String)
            let listed = try await Furnishing.scenes(server, home.couchId, token: token)
            let welcomeId = try #require(listed.first { $0["builtin"] as? String == "welcome" }?["id"] as? String)

            // The guest in their window sees and runs the guest-runnable ones, with a guest's rights.
            #expect(try await Furnishing.scenes(server, home.couchId, token: guest.accessToken).map { $0["name"] as? String } == ["Welcome", "Eco"])
            let run = try await server.send(.POST, "/scenes/\(welcomeId)/run", token: guest.accessToken)
            #expect(run.status == .ok, "\(run.text)")
            let outcomes = try Furnishing.outcomes(run)
            let (heaterPower, lampPower) = (try devices.item(\.heater, "power"), try devices.item(\.lamp, "power"))
            #expect(outcomes[heaterPower] == "ok" && outcomes[lampPower] == "denied", "\(run.text)")
            #expect(try await Furnishing.state(home, devices.lamp, "power") == "OFF", "the lamp the host kept for themselves stays off")
            _ = try await server.send(.POST, "/scenes/\(hostOnlyId)/run", token: guest.accessToken).problem(.forbidden)
            _ = try await server.send(.PATCH, "/scenes/\(welcomeId)", json: ["name": "Mine"], token: guest.accessToken).problem(.forbidden)
            _ = try await server.send(.DELETE, "/scenes/\(welcomeId)", token: guest.accessToken).problem(.forbidden)
            _ = try await server.send(.POST, "/couches/\(home.couchId)/scenes", json: ["name": "Mine", "actions": []], token: guest.accessToken)
                .problem(.forbidden)

            // A guest whose stay is days ahead, a stranger, nobody.
            _ = try await server.send(.POST, "/scenes/\(welcomeId)/run", token: later.accessToken).problem(.forbidden)
            _ = try await server.send(.GET, "/couches/\(home.couchId)/scenes", token: later.accessToken).problem(.forbidden)
            _ = try await server.send(.POST, "/scenes/\(welcomeId)/run", token: stranger.accessToken).problem(.notFound)
            _ = try await server.send(.PATCH, "/scenes/\(welcomeId)", json: ["name": "Mine"], token: stranger.accessToken).problem(.notFound)
            // As the couch's other home routes: a stranger naming the couch is refused.
            _ = try await server.send(.GET, "/couches/\(home.couchId)/scenes", token: stranger.accessToken).problem(.forbidden)
            _ = try await server.send(.POST, "/scenes/\(welcomeId)/run").problem(.unauthorized)
            let log = try await server.send(.GET, "/home/log/\(home.couchId)?limit=100", token: token).json["items"] as? [[String: Any]] ?? []
            #expect(
                log.contains {
                    $0["action"] as? String == "run scene" && $0["outcome"] as? String == "denied" && $0["value"] as? String == "Host only"
                }, "\(log)")

            // After the stay, the guest runs nothing.
            server.clock.advance(by: 3 * 86400)
            _ = try await server.send(.POST, "/scenes/\(welcomeId)/run", token: guest.accessToken).problem(.forbidden)
        }
    }

    @Test func aStayLinksHolderRunsGuestScenesWithoutALockInsideTheWindow() async throws {
        try await TestServer.withHome(things: Furnishing.things, TestServer.tokensOutlivingTheClock) { server, home in
            server.moveClock(toNext: 16)
            let devices = try await Furnishing.furnish(server, home)
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString
            let link = try await server.send(.POST, "/reservations/\(booking)/stay-link", token: home.host.accessToken)
            let path = try #require(try link.json["path"] as? String, "\(link.text)")
            let listed = try await Furnishing.scenes(server, home.couchId, token: home.host.accessToken)
            let welcomeId = try #require(listed.first { $0["builtin"] as? String == "welcome" }?["id"] as? String)
            let ecoId = try #require(listed.first { $0["builtin"] as? String == "eco" }?["id"] as? String)

            // Eco locks the door: not for a link. Welcome is.
            let shown = try await server.send(.GET, path + "/scenes")
            #expect(shown.status == .ok && shown.headers.first(name: "Cache-Control") == "no-store", "\(shown.text)")
            #expect((try shown.json["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [welcomeId])
            let run = try await server.send(.POST, path + "/scenes/\(welcomeId)/run")
            #expect(run.status == .ok, "\(run.text)")
            #expect(try Furnishing.outcomes(run).values.allSatisfy { $0 == "ok" }, "\(run.text)")
            #expect(try await Furnishing.state(home, devices.lamp, "power") == "ON")
            _ = try await server.send(.POST, path + "/scenes/\(ecoId)/run").problem(.forbidden)
            #expect(try await Furnishing.state(home, devices.lock, "lock") == "ON", "the lock was never touched")
            _ = try await server.send(.POST, path + "/scenes/\(UUID())/run").problem(.notFound)
            _ = try await server.send(.POST, "/stays/not-a-link/scenes/\(welcomeId)/run").problem(.notFound)
            // A scene of another couch is not this link's.
            let other = try await server.createCouch(by: home.host)
            let theirs = try #require(try await Furnishing.scenes(server, other, token: home.host.accessToken).first?["id"] as? String)
            _ = try await server.send(.POST, path + "/scenes/\(theirs)/run").problem(.notFound)

            // Checked out, the link runs nothing.
            #expect(try await server.send(.POST, "/reservations/\(booking)/checkout", token: guest.accessToken).status == .ok)
            _ = try await server.send(.POST, path + "/scenes/\(welcomeId)/run").problem(.notFound)
        }
    }
}
