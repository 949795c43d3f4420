import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// §10.4: name regexes, the case-insensitive path/body check, case-sensitive types.
@Suite("Names and types")
struct NamingTests {
    @Test(arguments: [
        ("1st", #"{"type":"Switch","name":"1st"}"#),
        ("Lamp", #"{"type":"Switch","name":"Lamp2"}"#),
        ("Lamp", #"{"type":"Switch"}"#),
        ("Lamp", #"{"type":"switch","name":"Lamp"}"#),
        ("Lamp", #"{"name":"Lamp"}"#),
        ("Lamp", #"{"type":"Number:Bogus","name":"Lamp"}"#),
        ("Lamp", #"{"type":"Switch:Temperature","name":"Lamp"}"#)
    ])
    func itemsThatOpenHABWouldNotCreateAreAnEmpty400(path: String, body: String) async throws {
        try await withSimulator { wire, _ throws in
            let reply = try await wire.put("/rest/items/\(path)", json: body)
            #expect(reply.status == 400)
            #expect(reply.body.isEmpty)
        }
    }

    @Test func bodyNameMayDifferFromThePathInCaseOnly() async throws {
        try await withSimulator { wire, _ throws in
            let reply = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"LAMP"}"#)
            #expect(reply.status == 201)
            #expect(try reply.object()["name"] as? String == "LAMP")
        }
    }

    @Test func lookupsAreCaseSensitive() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Lamp", type: "Switch")])
        try await withSimulator(configuration) { wire, _ throws in
            #expect(try await wire.get("/rest/items/Lamp").status == 200)
            #expect(try await wire.get("/rest/items/lamp").status == 404)
        }
    }

    @Test func typeFilterIsExact() async throws {
        let configuration = SimulatorConfiguration.testing(items: [
            .init(name: "Plain", type: "Number"), .init(name: "Warmth", type: "Number:Temperature")
        ])
        try await withSimulator(configuration) { wire, _ throws in
            let plain = try await wire.get("/rest/items?type=Number").array()
            #expect(plain.map { $0["name"] as? String } == ["Plain"])
            let dimensioned = try await wire.get("/rest/items?type=Number:Temperature").array()
            #expect(dimensioned.map { $0["name"] as? String } == ["Warmth"])
        }
    }

    @Test func malformedThingUIDIsA400WithTheReason() async throws {
        try await withSimulator { wire, _ throws in
            let short = try await wire.get("/rest/things/sim:lock")
            #expect(short.status == 400)
            #expect(short.body == #"{"error":{"http-code":400,"message":"UID must have at least 3 segments: sim:lock"}}"#)
            let spaced = try await wire.get("/rest/things/sim:lock:front%20door")
            #expect(spaced.status == 400)
        }
    }
}
