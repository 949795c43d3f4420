import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// §10.7: anonymous is a user, administrators for things, links and item changes, 401 vs 403, three token forms.
@Suite("Authentication")
struct AuthTests {
    private static let lampHub = SimulatorConfiguration.testing(items: [.init(name: "Lamp", type: "Switch", state: "OFF")])

    @Test func anonymousActsAsAUser() async throws {
        try await withSimulator(Self.lampHub) { wire, _ throws in
            #expect(try await wire.get("/rest/items", as: .anonymous).status == 200)
            #expect(try await wire.command("Lamp", "ON", as: .anonymous).status == 200)
            #expect(try await wire.setState("Lamp", "OFF", as: .anonymous).status == 202)
            let change = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp"}"#, as: .anonymous)
            #expect(change.status == 401)
            #expect(change.body == #"{"error":{"http-code":401,"message":"Authentication required"}}"#)
            #expect(try await wire.get("/rest/things", as: .anonymous).status == 401)
        }
    }

    @Test func usersMayNotDoWhatAdministratorsDo() async throws {
        try await withSimulator(Self.lampHub) { wire, _ throws in
            #expect(try await wire.command("Lamp", "ON", as: .user).status == 200)
            let refusals = [
                try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp"}"#, as: .user),
                try await wire.delete("/rest/items/Lamp", as: .user),
                try await wire.get("/rest/things", as: .user),
                try await wire.get("/rest/links", as: .user),
                try await wire.send(.PUT, "/rest/links/Lamp/sim:smartplug:kitchen:power", as: .user)
            ]
            #expect(refusals.map(\.status) == [403, 403, 403, 403, 403])
            #expect(refusals.allSatisfy { $0.body == #"{"error":{"http-code":403,"message":"Access denied"}}"# })
        }
    }

    @Test(arguments: [
        Credentials.header("X-OPENHAB-TOKEN", Token.admin),
        .header("Authorization", "Bearer \(Token.admin)"),
        .header("Authorization", "Basic " + Data("\(Token.admin):".utf8).base64EncodedString()),
        // openHAB splits the decoded value at colons: without one, all of it is the token.
        .header("Authorization", "Basic " + Data(Token.admin.utf8).base64EncodedString()),
        .header("Authorization", "bearer \(Token.admin)")
    ])
    func administratorTokenWorksInEveryForm(credentials: Credentials) async throws {
        try await withSimulator { wire, _ throws in
            #expect(try await wire.get("/rest/things", as: credentials).status == 200)
        }
    }

    @Test(arguments: [
        Credentials.header("Authorization", "Bearer oh.unknown"),
        .header("X-OPENHAB-TOKEN", "oh.unknown"),
        .header("Authorization", "Bearer not-an-api-token"),
        .header("Authorization", "Basic " + Data("admin:secret".utf8).base64EncodedString()),
        .header("Authorization", "Basic " + Data("\(Token.admin):x:y".utf8).base64EncodedString()),
        .header("Authorization", "Digest something")
    ])
    func badCredentialsAreRefusedEverywhere(credentials: Credentials) async throws {
        try await withSimulator { wire, _ throws in
            for path in ["/rest/", "/rest/items", "/rest/nothing-here"] {
                let reply = try await wire.get(path, as: credentials)
                #expect(reply.status == 401, "\(path)")
                #expect(reply.body == #"{"error":{"http-code":401,"message":"Invalid credentials"}}"#)
            }
        }
    }

    @Test func withoutTheImplicitUserRoleAnonymousMayOnlyAskWhatTheHubIs() async throws {
        try await withSimulator(.testing(implicitUserRole: false)) { wire, _ throws in
            #expect(try await wire.get("/rest/", as: .anonymous).status == 200)
            #expect(try await wire.get("/rest/items", as: .anonymous).status == 401)
            #expect(try await wire.get("/rest/items", as: .user).status == 200)
        }
    }

    @Test func weatherAndControlNeedNoHubToken() async throws {
        try await withSimulator { wire, _ throws in
            #expect(try await wire.get("/_sim/requests", as: .anonymous).status == 200)
            #expect(try await wire.get("/v1/search?name=Vienna", as: .anonymous).status == 200)
        }
    }
}
