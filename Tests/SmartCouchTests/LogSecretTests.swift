import Foundation
import OpenHABSimulator
import TestSupport
import Testing

@testable import SmartCouchPersistence

/// A whole journey through the real executable at the most verbose log level, then its log read for
/// every secret the journey made or used: none may be there.
@Suite(.admitted) struct LogSecretTests {
    @Test func noSecretOfAJourneyIsInTheLogAtAnyLevel() async throws {
        let feedSecret = "feedsecret\(UUID().uuidString.prefix(8).lowercased())"
        let simulator = try await OpenHABSimulator.start(configuration: SimulatorConfiguration(tokens: [Home.hubToken: .administrator]))
        let dataDirectory = URL(fileURLWithPath: "/tmp/smartcouch-logs-\(UUID().uuidString.prefix(8))", isDirectory: true)
        let output = dataDirectory.path + ".out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        do {
            let cluster = try EmbeddedPostgres(dataDirectory: dataDirectory, logger: TestDatabases.logger)
            try cluster.discardWhenProcessExits(getpid())
            let server = try ServerProcess(
                ["serve", "--data-dir", dataDirectory.path], port: try ServerProcess.freePort(), output: output,
                environment: ServerProcess.environment([
                    "LOG_LEVEL": "trace", "ADMIN_EMAILS": "ops@example.com", "OUTBOUND_ALLOW_PRIVATE": "hub,calendar"
                ]))
            try await server.waitUntilReady()
            var secrets: [String: String] = [:]

            let host = try await server.register("Hanna Host", password: "a host's own passphrase")
            let guest = try await server.register("Gabor Guest", password: "a guest's own passphrase")
            let ops = try await server.register("Olga Ops", email: "ops@example.com", password: "an operator's passphrase")
            let refreshed = try await server.send(.POST, "/auth/refresh", json: ["refreshToken": guest.refreshToken]).json
            for (name, account) in [("host", host), ("guest", guest), ("operator", ops)] {
                secrets["\(name) password"] = account.password
                secrets["\(name) access token"] = account.accessToken
                secrets["\(name) refresh token"] = account.refreshToken
            }
            secrets["refreshed access token"] = try #require(refreshed["accessToken"] as? String)
            secrets["refreshed refresh token"] = try #require(refreshed["refreshToken"] as? String)
            secrets["hub token"] = Home.hubToken

            let couch = try await server.createCouch(by: host, ["timeZone": "UTC", "checkInTime": "00:00"])
            let home = try await server.connectHub(simulator, to: couch, of: host)
            #expect(try await server.send(.PATCH, "/couches/\(couch)/code-settings", json: ["codeLength": 8], token: host.accessToken).status == .ok)
            try await server.createDevice(
                in: home, type: "lock", name: "Front door", thing: Codes.lock, channels: [("lock", nil)],
                extra: ["codeSlots": ["first": 5, "last": 6]])
            let today = WallClock.day(0)
            let booked = try await server.send(
                .POST, "/reservations", json: ["couchId": couch.uuidString, "checkIn": today, "checkOut": WallClock.day(2), "guests": 1],
                token: guest.accessToken)
            let booking = try #require(try booked.json["id"] as? String, "\(booked.text)")
            // A scheduled run under way answers 409; the next try waits for it.
            try await eventually("the door-code job ran") {
                try await server.send(.POST, "/jobs/door-codes/run", token: ops.accessToken).status == .ok
            }
            let access = try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken).json
            secrets["door code"] = try #require((access["codes"] as? [[String: Any]])?.first?["code"] as? String, "\(access)")
            try await simulator.control("POST", "/things/\(Codes.lock)/keypad", #"{"code": "\#(secrets["door code"] ?? "")"}"#)

            let link = try await server.send(.POST, "/reservations/\(booking)/stay-link", token: host.accessToken).json
            secrets["stay link token"] = try #require(link["token"] as? String)
            let path = try #require(link["path"] as? String)
            #expect(try await server.send(.GET, path).status == .ok)
            _ = try await server.send(.POST, path + "/checkout")
            _ = try await server.send(.GET, "/stays/\(secrets["stay link token"] ?? "")x")

            try await simulator.control(
                "PUT", "/calendars/airbnb", Channels.feed([("stay-1", WallClock.day(20), WallClock.day(22), "Reserved")]))
            secrets["feed secret"] = feedSecret
            let feedURL = simulator.baseURL.absoluteString + "/_sim/calendars/airbnb.ics?s=\(feedSecret)"
            let added = try await server.send(.POST, "/couches/\(couch)/calendars", json: ["url": feedURL], token: host.accessToken)
            #expect(added.status == .created, "\(added.text)")
            _ = try await server.send(.POST, "/couches/\(couch)/calendars", json: ["url": feedURL], token: host.accessToken)
            #expect(try await server.send(.POST, "/jobs/calendar-sync/run", token: ops.accessToken).status == .ok)
            _ = try await server.send(.POST, "/auth/login", json: ["email": host.email, "password": "a wrong passphrase of hers"])
            secrets["wrong password"] = "a wrong passphrase of hers"
            // A token in the query is refused, and must not be written down on its way to that answer.
            #expect(try await server.send(.GET, "/users/me?access_token=\(host.accessToken)").status == .unauthorized)
            _ = try await server.send(.POST, "/auth/logout", token: guest.accessToken)

            try await server.stop()
            let lines = server.printed.split(separator: "\n")
            #expect(lines.contains { $0.contains("GET /stays/****") }, "the log has the journey in it")
            for (name, secret) in secrets {
                let leaks = lines.filter { $0.contains(secret) }.map { String($0.prefix(400)) }
                #expect(leaks.isEmpty, "the \(name) is in the log: \(leaks.prefix(3))")
            }
        } catch {
            try? await simulator.shutdown()
            throw error
        }
        try await simulator.shutdown()
    }
}
