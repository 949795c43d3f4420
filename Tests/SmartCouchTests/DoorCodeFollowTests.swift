import Foundation
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// A change to a stay puts its couch's locks right at once: with the scheduled job never run, the
/// code of a stay booked, imported or moved reaches the simulator's keypad lock, and leaves it
/// when the stay is cancelled, checked out of or dropped by its channel.
@Suite struct DoorCodeFollowTests {
    static func following(_ configuration: inout Settings) {
        Codes.configured(&configuration)
        configuration.doorCodesFollowStays = true
    }

    /// The lock's slots once they equal what the host's code list says is active, nothing else.
    static func lockHoldsTheActiveCodes(_ server: TestServer, _ home: Home) async throws -> Bool {
        let codes = try await Codes.codes(server, home)
        var active: [Int: String] = [:]
        for code in codes where code["state"] as? String == "active" {
            if let slot = code["slot"] as? Int, let pin = code["code"] as? String { active[slot] = pin }
        }
        let pending = codes.contains { ["setting", "clearing", "failed"].contains($0["state"] as? String) }
        let onLock = try await Codes.slots(home.simulator)
        return !pending && onLock == active
    }

    /// Whether the lock holds the active codes and nothing else, and its slots pass `check`.
    static func lock(_ server: TestServer, _ home: Home, holds check: ([Int: String]) -> Bool) async throws -> Bool {
        guard check(try await Codes.slots(home.simulator)) else { return false }
        return try await lockHoldsTheActiveCodes(server, home)
    }

    @Test func aHostsWeekReachesTheLockWithoutTheJob() async throws {
        try await TestServer.withHome(Self.following) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let guest = try await server.register("Guest")
            let later = try await server.register("Later")

            let now = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString
            try await eventually("the stay booked now has its code on the lock") {
                try await Self.lock(server, home, holds: { $0.count == 1 })
            }
            let pin = try #require(try Codes.code(of: now, in: try await Codes.codes(server, home))["code"] as? String)
            #expect(try await Codes.slots(home.simulator) == [5: pin])

            // Cancelled: off the lock at once; the nights booked again: a new code on it.
            #expect(try await server.send(.POST, "/reservations/\(now)/cancel", token: guest.accessToken).status == .ok)
            try await eventually("the cancelled stay's code is off the lock") {
                try await Self.lock(server, home, holds: { $0.isEmpty })
            }
            #expect(try Codes.code(of: now, in: try await Codes.codes(server, home))["state"] as? String == "cleared")
            let again = try await server.book(later, home.couchId, from: 0, to: 1).uuidString
            try await eventually("the stay booked again has its code on the lock") {
                try await Self.lock(server, home, holds: { $0.count == 1 })
            }
            let newPin = try #require(try Codes.code(of: again, in: try await Codes.codes(server, home))["code"] as? String)
            #expect(newPin != pin)

            // Tomorrow's stay gets a code that waits for its window, off the lock.
            let future = try await server.book(guest, home.couchId, from: 1, to: 3).uuidString
            try await eventually("tomorrow's stay has a scheduled code") {
                // Not `code(of:in:)`: its `#require` records a failure when the code is not made yet.
                try await Codes.codes(server, home).first { $0["stayId"] as? String == future.lowercased() }?["state"] as? String
                    == "scheduled"
            }
            #expect(try await Codes.slots(home.simulator) == [5: newPin])

            // The host widens the codes' lead to a day: tomorrow's code is due now.
            let settings = try await server.send(
                .PATCH, "/couches/\(home.couchId)/code-settings", json: ["leadMinutes": 1440], token: home.host.accessToken)
            #expect(settings.status == .ok, "\(settings.text)")
            try await eventually("both codes are on the lock") {
                try await Self.lock(server, home, holds: { $0.count == 2 })
            }

            // Checked out early: off the lock at once, the other stays.
            #expect(try await server.send(.POST, "/reservations/\(again)/checkout", token: later.accessToken).status == .ok)
            try await eventually("the checked-out stay's code is off the lock") {
                try await Self.lock(server, home, holds: { $0.count == 1 })
            }
            #expect(try Codes.code(of: again, in: try await Codes.codes(server, home))["state"] as? String == "cleared")

            // The job, run now, finds nothing left to do.
            let run = try await server.runJob("door-codes")
            let summary = try #require(run["summary"] as? [String: Any], "\(run)")
            #expect(summary["set"] as? Int == 0 && summary["cleared"] as? Int == 0 && summary["repaired"] as? Int == 0, "\(summary)")
        }
    }

    @Test func aChannelsStayReachesTheLockWhenImportedAndLeavesItWhenDropped() async throws {
        try await TestServer.withHome(Self.following) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let sim = home.simulator
            try await Channels.publish(sim, "airbnb", Channels.feed([("stay-1", server.date(0), server.date(2), "Reserved")]))
            let feed = try await server.send(
                .POST, "/couches/\(home.couchId)/calendars", json: ["url": sim.baseURL.absoluteString + "/_sim/calendars/airbnb.ics"],
                token: home.host.accessToken)
            let feedId = try #require(try feed.json["id"] as? String, "\(feed.text)")
            try await eventually("the imported stay's code is on the lock") {
                try await Self.lock(server, home, holds: { $0.count == 1 })
            }

            // The channel cancels it: the next sync takes the code off.
            try await Channels.publish(sim, "airbnb", Channels.feed([]))
            #expect(try await server.send(.POST, "/couches/\(home.couchId)/calendars/\(feedId)/sync", token: home.host.accessToken).status == .ok)
            try await eventually("the dropped stay's code is off the lock") {
                try await Self.lock(server, home, holds: { $0.isEmpty })
            }
        }
    }

    @Test func twoServersFollowingOneCouchLeaveTheLockAsTheStaysSay() async throws {
        try await TestServer.withHome(Self.following) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home, slots: (5, 9))
            try await server.alongside(Self.following) { other in
                // Bookings through both servers at once, and the job run meanwhile: whichever pass holds
                // the lock, the others wait or leave it, and the lock ends with each live stay's code once.
                let guests = try await withThrowingTaskGroup(of: Account.self) { group in
                    for index in 0..<4 { group.addTask { try await server.register("Guest \(index)") } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, guest) in guests.enumerated() {
                        let through = index.isMultiple(of: 2) ? server : other
                        group.addTask { _ = try await through.book(guest, home.couchId, from: index * 2, to: index * 2 + 1) }
                    }
                    group.addTask { _ = try await server.runJob("door-codes") }
                    try await group.waitForAll()
                }
                try await eventually("the stay under way has its code on the lock, the later ones wait") {
                    try await Self.lock(server, home, holds: { $0.count == 1 })
                }
                let log = try await server.send(.GET, "/home/log/\(home.couchId)", token: home.host.accessToken).text
                #expect(!log.contains("repair code") && !log.contains("\"failed\""), "\(log)")
            }
        }
    }
}
