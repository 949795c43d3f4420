import Foundation
import Testing

@testable import SmartCouchHTTP

/// A Thing serves one couch. On the operator's shared hub it belongs to nobody until an operator
/// assigns it, so a new account can neither see nor bind another host's door lock.
@Suite struct HubIsolationTests {
    static let lock = "sim:smartlock:front"

    @Test func aSharedHubsThingIsNobodysUntilAnOperatorAssignsIt() async throws {
        try await TestServer.withHome { _, hub in
            try await TestServer.with({
                $0.defaultHub = .init(baseURL: hub.simulator.baseURL, token: Home.hubToken)
                TestServer.operators(&$0)
            }) { server in
                let ops = try await server.register("Olga Ops", email: TestServer.operatorEmail)
                let host = try await server.register("Hilda Host")
                let intruder = try await server.register("Ivan Intruder")
                let home = Home(simulator: hub.simulator, host: host, couchId: try await server.createCouch(by: host))
                let trap = Home(simulator: hub.simulator, host: intruder, couchId: try await server.createCouch(by: intruder))
                #expect(try await server.send(.GET, "/home/hub/\(trap.couchId)", token: intruder.accessToken).json["isDefault"] as? Bool == true)

                // Nobody's yet: not listed, not bindable, for the host either.
                for couch in [home, trap] {
                    #expect(try await server.send(.GET, "/home/things/\(couch.couchId)", token: couch.host.accessToken).jsonArray.isEmpty)
                    let refused = try await server.createDevice(
                        in: couch, type: "lock", name: "Door", thing: Self.lock, channels: [("lock", nil)], expect: .unprocessableEntity)
                    #expect((refused["errors"] as? [[String: Any]])?.first?["field"] as? String == "thingUID")
                }

                // Only an operator assigns.
                let assignment = ["couchId": home.couchId.uuidString.lowercased()]
                try await server.send(.PUT, "/admin/hub/things/\(Self.lock)", json: assignment, token: intruder.accessToken).problem(.forbidden)
                try await server.send(.PUT, "/admin/hub/things/\(Self.lock)", json: assignment).problem(.unauthorized)
                let assigned = try await server.send(.PUT, "/admin/hub/things/\(Self.lock)", json: assignment, token: ops.accessToken)
                #expect(assigned.status == .ok)
                #expect(try assigned.json["couchId"] as? String == home.couchId.uuidString.lowercased())

                // The host sees and binds it; the intruder still does not.
                let hostThings = try await server.send(.GET, "/home/things/\(home.couchId)", token: host.accessToken).jsonArray
                #expect(hostThings.map { $0["uid"] as? String } == [Self.lock])
                #expect(try await server.send(.GET, "/home/things/\(trap.couchId)", token: intruder.accessToken).jsonArray.isEmpty)
                let door = try await server.createDevice(in: home, type: "lock", name: "Door", thing: Self.lock, channels: [("lock", nil)])
                try await server.createDevice(
                    in: trap, type: "lock", name: "Door", thing: Self.lock, channels: [("lock", nil)], expect: .unprocessableEntity)

                // While the host's device uses it, it is not moved or taken away.
                let toTrap = ["couchId": trap.couchId.uuidString.lowercased()]
                try await server.send(.PUT, "/admin/hub/things/\(Self.lock)", json: toTrap, token: ops.accessToken).problem(.conflict)
                try await server.send(.DELETE, "/admin/hub/things/\(Self.lock)", token: ops.accessToken).problem(.conflict)
                let listed = try await server.send(.GET, "/admin/hub/things", token: ops.accessToken).json["items"] as? [[String: Any]] ?? []
                #expect(listed.first { $0["thingUID"] as? String == Self.lock }?["couchId"] as? String == home.couchId.uuidString.lowercased())
                let thermostat = try #require(listed.first { $0["thingUID"] as? String == "sim:thermostat:living" }).typed(
                    as: Schemas.SharedThing.self)
                #expect(thermostat.couchId == nil)
                try await server.send(.GET, "/admin/hub/things", token: host.accessToken).problem(.forbidden)

                // Unassigned once unused.
                #expect(
                    try await server.send(.DELETE, "/home/items/\(try #require(door["id"] as? String))", token: host.accessToken).status == .noContent
                )
                #expect(try await server.send(.DELETE, "/admin/hub/things/\(Self.lock)", token: ops.accessToken).status == .noContent)
                try await server.send(.DELETE, "/admin/hub/things/\(Self.lock)", token: ops.accessToken).problem(.notFound)
                #expect(try await server.send(.GET, "/home/things/\(home.couchId)", token: host.accessToken).jsonArray.isEmpty)

                // Bad requests change nothing.
                try await server.send(.PUT, "/admin/hub/things/sim:nothing:here", json: assignment, token: ops.accessToken).problem(.notFound)
                try await server.send(.PUT, "/admin/hub/things/\(Self.lock)", json: ["couchId": UUID().uuidString], token: ops.accessToken).problem(
                    .unprocessableEntity)
                try await server.send(.PUT, "/admin/hub/things/not%20a%20uid", json: assignment, token: ops.accessToken).problem(.unprocessableEntity)
                let shared = try await server.send(.GET, "/admin/hub/things", token: ops.accessToken).decoded(as: Schemas.SharedThingPage.self)
                #expect(!shared.items.isEmpty && shared.items.allSatisfy { $0.couchId == nil })
            }
        }
    }

    @Test func withoutASharedHubThereIsNothingToAssign() async throws {
        try await TestServer.with(TestServer.operators) { server in
            let ops = try await server.register("Olga Ops", email: TestServer.operatorEmail)
            try await server.send(.GET, "/admin/hub/things", token: ops.accessToken).problem(.conflict)
        }
    }

    @Test func onAHostsOwnHubAThingServesOneCouch() async throws {
        try await TestServer.withHome { server, home in
            let second = try await server.addCouch(to: home, city: "Budapest", country: "HU", hub: home.simulator)
            try await server.createDevice(in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil)])
            // Several devices of one couch may share it.
            try await server.createDevice(in: home, type: "heating", name: "Heater two", thing: "sim:thermostat:living", channels: [("power", nil)])
            try await server.createDevice(
                in: second, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil)], expect: .conflict)

            for device in try await server.send(.GET, "/home/items/\(home.couchId)", token: home.host.accessToken).jsonArray {
                #expect(
                    try await server.send(.DELETE, "/home/items/\(try #require(device["id"] as? String))", token: home.host.accessToken).status
                        == .noContent)
            }
            try await server.createDevice(in: second, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil)])
        }
    }
}
