import Foundation
import NIOHTTP1
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchServices

/// `GET /events` end to end: events written by the changes' own transactions, given ids in commit
/// order, and handed to the streams of those entitled to them, whichever server they are on.
@Suite struct EventTests {
    static func types(_ events: [EventStreamClient.Received]) -> [String] { events.map(\.type) }

    static func live(_ configuration: inout Settings) {
        configuration.events.enabled = true
    }

    @Test func aClientOnOneServerHearsWhatHappensThroughAnotherInOrderAndResumesOnce() async throws {
        try await TestServer.withHome(Streams.listening) { a, home in
            try await a.alongside(Streams.listening) { b in
                let stranger = try await a.register("Stan Stranger")
                let hostStream = try await EventStreamClient.open(b, token: home.host.accessToken)
                let strangerStream = try await EventStreamClient.open(b, token: stranger.accessToken)
                #expect(hostStream.status == .ok && hostStream.headers.first(name: "Content-Type")?.hasPrefix("text/event-stream") == true)

                // Booked through A, its code set and used at the keypad: the host hears it on B.
                let (booking, guest, pin) = try await HubListening.stayWithCode(a, home)
                try await home.control(.POST, "/things/\(Codes.lock)/keypad", #"{"code": "\#(pin)"}"#)
                let conversation = try await a.send(
                    .POST, "/conversations",
                    json: [
                        "otherUserId": home.host.id.uuidString.lowercased(), "couchId": home.couchId.uuidString.lowercased()
                    ], token: guest.accessToken
                ).json
                _ = try await a.send(
                    .POST, "/messages",
                    json: [
                        "conversationId": try #require(conversation["id"] as? String), "body": "We are at the door"
                    ], token: guest.accessToken
                ).expect(.created)

                let heard = try await hostStream.await("the host hears the stay, the door and the message") { events in
                    Set(Self.types(events)).isSuperset(of: [
                        "reservation.created", "code.active", "door.unlocked", "stay.checked_in", "device.state_changed", "message.created"
                    ])
                }
                let ids = heard.compactMap { Int64($0.id) }
                #expect(ids.count == heard.count && ids == ids.sorted() && Set(ids).count == ids.count, "in order, once: \(ids)")
                let order = Self.types(heard)
                #expect(order.firstIndex(of: "reservation.created")! < order.firstIndex(of: "code.active")!, "\(order)")
                #expect(order.firstIndex(of: "code.active")! < order.firstIndex(of: "door.unlocked")!, "\(order)")
                let created = try #require(heard.first { $0.type == "reservation.created" })
                #expect(
                    created.payload["reservationId"] as? String == booking
                        && created.json["couchId"] as? String == home.couchId.uuidString.lowercased())
                #expect(created.json["id"] as? String == created.id && created.json["type"] as? String == "reservation.created")
                #expect(created.json["occurredAt"] is String)
                let opened = try #require(heard.first { $0.type == "door.unlocked" })
                #expect(opened.payload["method"] as? String == "code" && opened.payload["stayId"] as? String == booking, "\(opened.data)")
                // No event carries a code.
                #expect(!hostStream.body.contains(pin))

                // The guest hears their own stay; a stranger hears nothing of it.
                let guestStream = try await EventStreamClient.open(b, token: guest.accessToken, lastEventId: "0")
                try await guestStream.await("the guest hears their stay") { events in
                    Set(Self.types(events)).isSuperset(of: ["reservation.created", "code.active", "door.unlocked", "message.created"])
                }
                #expect(!guestStream.body.contains(pin))
                #expect(strangerStream.events.isEmpty, "\(strangerStream.events)")

                // The host's app goes away; what happens meanwhile is replayed once when it returns.
                hostStream.close()
                let last = try #require(heard.last?.id)
                _ = try await a.send(
                    .POST, "/messages",
                    json: [
                        "conversationId": try #require(conversation["id"] as? String), "body": "Where is the wifi password?"
                    ], token: guest.accessToken
                ).expect(.created)
                try await guestStream.await("the guest's stream has the second message") { $0.count { $0.type == "message.created" } == 2 }
                let resumed = try await EventStreamClient.open(b, token: home.host.accessToken, lastEventId: last)
                let again = try await resumed.await("the host gets what it missed") { events in
                    events.contains { $0.payload["body"] as? String == "Where is the wifi password?" }
                }
                #expect(again.allSatisfy { Int64($0.id)! > Int64(last)! }, "nothing twice: \(again.map(\.id)) after \(last)")
                #expect(Set(again.map(\.id)).count == again.count)
                #expect(strangerStream.events.isEmpty)
                for stream in [resumed, guestStream, strangerStream] { stream.close() }
            }
        }
    }

    @Test func theHostHearsFailedCommandsTheHubComingAndGoingAndTheirCalendars() async throws {
        try await TestServer.withHome({ configuration in
            Streams.listening(&configuration)
            Channels.quickFeeds(&configuration)
            TestServer.tokensOutlivingTheClock(&configuration)
        }) { server, home in
            server.moveClock(toNext: 16)
            let door = try await SmartLock.frontDoor(server, home)
            let guest = try await server.register("Greta Guest")
            let later = try await server.register("Lars Later")
            let stay = try await server.book(guest, home.couchId, from: 0, to: 2)
            // Open before the booking it hears of: a stream opened after a commit may still hear
            // it while the relay is behind, so the later guest's stream starts from a known point.
            let laterStream = try await EventStreamClient.open(server, token: later.accessToken)
            _ = try await server.book(later, home.couchId, from: 10, to: 12)
            try await laterStream.await("the later guest hears of their own booking") { $0.contains { $0.type == "reservation.created" } }
            let hostStream = try await EventStreamClient.open(server, token: home.host.accessToken)
            let guestStream = try await EventStreamClient.open(server, token: guest.accessToken)

            // A command to an offline lock fails: the host and the guest inside hear it, a future guest does not.
            try await SmartLock.offline(home, SmartLock.lock)
            _ = try await server.send(.POST, "/home/switch/\(door.main)", token: guest.accessToken).expect(.conflict)
            let failed = try #require(
                try await hostStream.await("the host hears the failed command") { $0.contains { $0.type == "device.command_failed" } }
                    .first { $0.type == "device.command_failed" })
            #expect(failed.payload["deviceId"] as? String == door.device && failed.payload["outcome"] as? String == "failed", "\(failed.data)")
            try await guestStream.await("the guest inside hears it too") { $0.contains { $0.type == "device.command_failed" } }

            // The hub stops answering and comes back.
            try await eventually("the hub's stream is held") { (try? await HubListening.subscribers(home.simulator)) == 1 }
            try await home.simulator.stopAccepting()
            try await hostStream.await("the host hears the hub go offline") { $0.contains { $0.type == "hub.offline" } }
            try await home.simulator.resumeAccepting()
            try await hostStream.await("and come back") { events in
                guard let offline = events.firstIndex(where: { $0.type == "hub.offline" }) else { return false }
                return events[offline...].contains { $0.type == "hub.online" }
            }

            // A channel's calendar that fails, then one that brings a stay over the guest's nights.
            let sim = home.simulator
            try await Channels.publish(sim, "airbnb", Channels.feed([("a-1", server.date(1), server.date(3), "Reserved")]))
            let url = sim.baseURL.absoluteString + "/_sim/calendars/airbnb.ics?t=SECRET42"
            let feed = try await server.send(
                .POST, "/couches/\(home.couchId)/calendars", json: ["url": url, "name": "Airbnb"], token: home.host.accessToken)
            let feedId = try #require(try feed.json["id"] as? String, "\(feed.text)")
            let conflict = try #require(
                try await hostStream.await("the host hears of the conflict") { $0.contains { $0.type == "calendar.conflict" } }
                    .first { $0.type == "calendar.conflict" })
            #expect(conflict.payload["feedId"] as? String == feedId && conflict.payload["uid"] as? String == "a-1", "\(conflict.data)")
            try await Channels.behave(sim, "airbnb", #"{"failStatus": 503}"#)
            _ = try await server.send(.POST, "/couches/\(home.couchId)/calendars/\(feedId)/sync", token: home.host.accessToken)
            let broken = try #require(
                try await hostStream.await("the host hears the sync fail") { $0.contains { $0.type == "calendar.sync_failed" } }
                    .first { $0.type == "calendar.sync_failed" })
            #expect((broken.payload["error"] as? String)?.contains("503") == true && !broken.data.contains("SECRET42"), "\(broken.data)")

            // What concerns only the host never reaches a guest.
            let guestTypes = Set(Self.types(guestStream.events))
            #expect(guestTypes.isDisjoint(with: ["hub.offline", "hub.online", "calendar.conflict", "calendar.sync_failed"]), "\(guestTypes)")
            #expect(Self.types(laterStream.events) == ["reservation.created"], "\(Self.types(laterStream.events))")
            _ = stay
            for stream in [hostStream, guestStream, laterStream] { stream.close() }
        }
    }

    /// A write asks for ids as it commits: with every poll an hour away, a booking made through
    /// one server still reaches a stream on another (its sequencer's notification, not a poll).
    @Test func aWriteGetsItsIdsAsItCommitsNotAtTheNextPoll() async throws {
        func pollingHourly(_ configuration: inout Settings) {
            Self.live(&configuration)
            configuration.events.sequencing = .seconds(3600)
            configuration.events.idleSequencing = .seconds(3600)
            configuration.events.poll = .seconds(3600)
        }
        try await TestServer.with(pollingHourly) { a in
            try await a.alongside(pollingHourly) { b in
                let host = try await a.register("Host")
                let couch = try await a.createCouch(by: host)
                let guest = try await a.register("Greta Guest")
                let hostStream = try await EventStreamClient.open(b, token: host.accessToken)
                let booking = try await a.book(guest, couch, from: 10, to: 12)
                let heard = try await hostStream.await("the host hears the booking on the other server") { !$0.isEmpty }
                #expect(heard.map { $0.payload["reservationId"] as? String } == [booking.uuidString.lowercased()])
                hostStream.close()
            }
        }
    }

    /// The sequencer starts above a floor, not at the first event ever written; an event written by
    /// a transaction still open below it is not passed over: the floor waits for that transaction,
    /// and the event gets its id when it commits, after the ones committed meanwhile.
    @Test func anEventOfATransactionLongOpenIsGivenItsIdWhenItCommits() async throws {
        try await TestServer.with(Self.live) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let guest = try await server.register("Greta Guest")
            let hostStream = try await EventStreamClient.open(server, token: host.accessToken)
            let couchId = couch.uuidString.lowercased()
            let held = try await ConnectionHold.openTransaction(
                server.database.client, running: "SELECT emit_event('test.held_open', \(couch), '{}', '{\"held\": true}', now())")
            let heldOutbox = try #require(Int64(try await server.scalar("SELECT last_value::text FROM events_outbox_id_seq") ?? ""))

            // Bookings commit and are heard while it stays open; the sequencer runs again and again.
            for night in stride(from: 10, to: 20, by: 2) { _ = try await server.book(guest, couch, from: night, to: night + 1) }
            try await hostStream.await("the bookings are heard meanwhile") { $0.count { $0.type == "reservation.created" } == 5 }
            let floor = try #require(Int64(try await server.scalar("SELECT floor::text FROM event_sequence") ?? ""))
            #expect(floor < heldOutbox, "the floor stays below the open transaction's event (\(floor), \(heldOutbox))")

            try await held.release()
            _ = try await server.book(guest, couch, from: 30, to: 31)
            let heard = try await hostStream.await("the held event is heard once it commits") { events in
                events.contains { $0.type == "test.held_open" } && events.count { $0.type == "reservation.created" } == 6
            }
            let ids = heard.compactMap { Int64($0.id) }
            #expect(ids == ids.sorted() && Set(ids).count == ids.count, "in order, once: \(ids)")
            let late = try #require(heard.first { $0.type == "test.held_open" })
            #expect(late.json["couchId"] as? String == couchId && late.payload["held"] as? Bool == true)
            #expect(heard.prefix(5).allSatisfy { $0.type == "reservation.created" }, "it comes after those committed before it")

            // Nothing is left without an id, and the floor has passed it.
            #expect(try await server.count("events", where: "id IS NULL") == 0)
            try await eventually("the floor rises past the event once its transaction has ended") {
                Int64(try await server.scalar("SELECT floor::text FROM event_sequence") ?? "") ?? 0 >= heldOutbox
            }
            hostStream.close()
        }
    }

    /// A couch deleted while the sequencer is numbering its events: the deleted events are not
    /// numbered, and the ids stay whole, so later events still get theirs (the sequencer used to
    /// count the rows it updated after numbering, fall behind the ids it had given, and fail at
    /// every run after).
    @Test func aCouchDeletedWhileItsEventsAreNumberedLeavesTheSequencerWhole() async throws {
        try await TestServer.with(Self.live) { server in
            let host = try await server.register("Host")
            let doomed = try await server.createCouch(by: host)
            let kept = try await server.createCouch(by: host)
            let guest = try await server.register("Greta Guest")
            let hostStream = try await EventStreamClient.open(server, token: host.accessToken)
            let pool = server.database.client
            // The sequencer's lock held: the events of both bookings wait for their ids.
            let paused = try await ConnectionHold.openTransaction(pool, running: "SELECT pg_advisory_xact_lock(1163282002)")
            _ = try await server.book(guest, doomed, from: 10, to: 12)
            let first = try await server.book(guest, kept, from: 10, to: 12)
            #expect(try await server.count("events", where: "id IS NULL") == 2)
            // The doomed couch is deleted in a transaction left open: its event is gone but locked.
            let deleting = try await ConnectionHold.openTransaction(pool, running: "DELETE FROM couches WHERE id = \(doomed)")
            try await paused.release()
            // Waiting on the deleted row, not still on its own lock: only then does it hold numbers given.
            try await eventually("the sequencer waits for the deleted event") {
                try await server.count(
                    "pg_stat_activity",
                    where: "wait_event IN ('transactionid', 'tuple') AND query LIKE '%sequence_events%' AND datname = current_database()") == 1
            }
            try await deleting.release()

            let second = try await server.book(guest, kept, from: 20, to: 22)
            let heard = try await hostStream.await("the host hears both bookings of the couch that is left") { events in
                events.count { $0.type == "reservation.created" && $0.json["couchId"] as? String == kept.uuidString.lowercased() } == 2
            }
            #expect(
                heard.filter { $0.type == "reservation.created" }.map { $0.payload["reservationId"] as? String }
                    == [first, second].map { $0.uuidString.lowercased() })
            #expect(try await server.count("events", where: "id IS NULL") == 0)
            #expect(
                try await server.scalar("SELECT (max(id) = count(*) AND max(id) = (SELECT last_id FROM event_sequence))::text FROM events") == "true")
            hostStream.close()
        }
    }

    @Test func aServerWithNoStreamOpenLosesNothingForTheStreamsThatComeLater() async throws {
        try await TestServer.with(Self.live) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let guest = try await server.register("Greta Guest")
            // No stream is open on the server: its relay reads none of these events.
            let booked = try await server.book(guest, couch, from: 10, to: 12).uuidString.lowercased()
            _ = try await server.send(.POST, "/reservations/\(booked)/cancel", token: guest.accessToken).expect(.ok)

            let live = try await EventStreamClient.open(server, token: guest.accessToken)
            let again = try await server.book(guest, couch, from: 20, to: 22).uuidString.lowercased()
            try await live.await("a stream opened afterwards hears what happens next") { events in
                events.contains { $0.type == "reservation.created" && $0.payload["reservationId"] as? String == again }
            }
            let replayed = try await EventStreamClient.open(server, token: guest.accessToken, lastEventId: "0")
            let all = try await replayed.await("a stream resuming from the start has all three") { $0.count == 3 }
            #expect(Self.types(all) == ["reservation.created", "reservation.cancelled", "reservation.created"], "\(all.map(\.data))")
            #expect(all.map { $0.payload["reservationId"] as? String } == [booked, booked, again])
            let ids = all.compactMap { Int64($0.id) }
            #expect(ids == ids.sorted() && Set(ids).count == 3, "in order, once: \(ids)")
            #expect(Set(live.events.map(\.id)).count == live.events.count, "nothing twice on the live stream")
            live.close()
            replayed.close()
        }
    }

    @Test func aGuestHearsOnlyTheirOwnReservationsAndFiltersNarrowTheStream() async throws {
        try await TestServer.with(Self.live) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let other = try await server.createCouch(by: host)
            let guest = try await server.register("Greta Guest")
            let someoneElse = try await server.register("Sam Someone")
            let guestStream = try await EventStreamClient.open(server, token: guest.accessToken)
            let hostOneCouch = try await EventStreamClient.open(
                server, token: host.accessToken, query: "?couchId=\(other.uuidString.lowercased())&types=reservation.created")

            let theirs = try await server.book(someoneElse, couch, from: 10, to: 12)
            let mine = try await server.book(guest, couch, from: 20, to: 22)
            let onOther = try await server.book(someoneElse, other, from: 10, to: 12)
            _ = try await server.send(.POST, "/reservations/\(mine.uuidString.lowercased())/cancel", token: guest.accessToken).expect(.ok)
            // A refused booking changes nothing and tells nobody anything.
            _ = try await server.reserve(guest, couch, from: 10, to: 12).expect(.conflict)

            let heard = try await guestStream.await("the guest hears their booking and its cancellation") { events in
                Self.types(events) == ["reservation.created", "reservation.cancelled"]
            }
            #expect(heard.allSatisfy { $0.payload["reservationId"] as? String == mine.uuidString.lowercased() }, "\(heard.map(\.data))")
            try await hostOneCouch.await("the host's filtered stream has the other couch's booking") { !$0.isEmpty }
            #expect(hostOneCouch.events.map { $0.payload["reservationId"] as? String } == [onOther.uuidString.lowercased()])
            // Past what the guest could see, the outbox has the rest: nothing leaked, nothing lost.
            #expect(try await server.count("events", where: "type LIKE 'reservation.%'") == 4)
            _ = theirs
            guestStream.close()
            hostOneCouch.close()
        }
    }

    @Test func filtersAndResumePointsAreCheckedAndAStrangerCannotNameSomeonesCouch() async throws {
        try await TestServer.with(Self.live) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host).uuidString.lowercased()
            let stranger = try await server.register("Stan Stranger")

            let anonymous = try await EventStreamClient.open(server, token: nil)
            #expect(anonymous.status == .unauthorized && anonymous.headers.first(name: "Content-Type") == "application/problem+json")
            let cases: [(String?, String?, HTTPResponseStatus)] = [
                ("?couchId=\(couch)", nil, .forbidden),
                ("?couchId=\(UUID().uuidString)", nil, .notFound),
                // Malformed, like a path id that is not a UUID.
                ("?couchId=nope", nil, .badRequest),
                ("?types=reservation.created,door.opened", nil, .unprocessableEntity),
                ("?types=", nil, .unprocessableEntity),
                (nil, "abc", .badRequest),
                (nil, "-1", .badRequest),
                // The contract's ^[0-9]{1,18}$, in the header and in the query alike.
                (nil, "+5", .badRequest),
                (nil, "1234567890123456789", .badRequest),
                ("?lastEventId=+5", nil, .badRequest),
                ("?lastEventId=%2B5", nil, .badRequest),
                ("?lastEventId=%207", nil, .badRequest),
                ("?lastEventId=1234567890123456789", nil, .badRequest)
            ]
            for (query, lastEventId, status) in cases {
                let refused = try await EventStreamClient.open(server, token: stranger.accessToken, query: query ?? "", lastEventId: lastEventId)
                #expect(refused.status == status, "\(query ?? "") \(lastEventId ?? ""): \(refused.body)")
                #expect(refused.headers.first(name: "Content-Type") == "application/problem+json")
            }
            // The host may name their couch; a resume point past the newest event is simply now.
            let own = try await EventStreamClient.open(server, token: host.accessToken, query: "?couchId=\(couch)", lastEventId: "999999999")
            #expect(own.status == .ok)
            own.close()
        }
    }

    @Test func oneUserHoldsAtMostTheirShareOfStreamsAndTheServerAtMostItsOwn() async throws {
        try await TestServer.with({ configuration in
            Self.live(&configuration)
            configuration.events.streamsPerUser = 2
            configuration.events.streamsPerServer = 3
        }) { server in
            let ann = try await server.register("Ann")
            let ben = try await server.register("Ben")
            let cid = try await server.register("Cid")
            let first = try await EventStreamClient.open(server, token: ann.accessToken)
            let second = try await EventStreamClient.open(server, token: ann.accessToken)
            #expect(first.status == .ok && second.status == .ok)
            let third = try await EventStreamClient.open(server, token: ann.accessToken)
            #expect(third.status == .tooManyRequests && third.headers.first(name: "Retry-After") == "5", "\(third.body)")
            #expect(third.headers.first(name: "Content-Type") == "application/problem+json")

            // Another user still gets theirs, up to what the server holds.
            let bens = try await EventStreamClient.open(server, token: ben.accessToken)
            #expect(bens.status == .ok)
            let full = try await EventStreamClient.open(server, token: cid.accessToken)
            #expect(full.status == .tooManyRequests && full.headers.first(name: "Retry-After") != nil, "\(full.body)")

            // A closed stream frees its place.
            first.close()
            try await eventually("Ann may open a stream again") {
                let again = try await EventStreamClient.open(server, token: ann.accessToken)
                defer { again.close() }
                return again.status == .ok
            }
            for stream in [second, bens] { stream.close() }
        }
    }

    @Test func anIdleStreamGetsKeepAlivesAndEndsWhenItsTokenExpires() async throws {
        try await TestServer.with({ configuration in
            Self.live(&configuration)
            configuration.events.keepAlive = .milliseconds(100)
        }) { server in
            let host = try await server.register("Host")
            let stream = try await EventStreamClient.open(server, token: host.accessToken)
            try await eventually("keep-alive comments arrive") { stream.comments.contains("keep-alive") }
            #expect(!stream.ended)
            server.clock.advance(by: 3600 * 24)
            try await eventually("the stream ends once its access token has expired") { stream.ended }
        }
    }

    /// A client that stops reading holds the server's memory until its stream is cut off, and
    /// the connection with it (not only the stream, whose end would wait behind what it holds);
    /// back with its last event's id, it gets the rest, each message once.
    @Test func aClientThatStopsReadingIsCutOffAndResumesWithNothingLostOrTwice() async throws {
        try await TestServer.with({ configuration in
            Self.live(&configuration)
            configuration.events.clientBuffer = 5
            // No keep-alive keeps a read going: a server that never closes fails the read's bound.
            configuration.events.keepAlive = .seconds(3600)
        }) { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            let conversation = try await server.send(
                .POST, "/conversations", json: ["otherUserId": host.id.uuidString.lowercased(), "couchId": couch.uuidString.lowercased()],
                token: guest.accessToken
            ).json
            let conversationId = try #require(conversation["id"] as? String)
            let stalled = try await StalledEventStream.open(server.baseURL, token: host.accessToken)
            // Far more than the sockets' buffers (4 MiB at most here) and five unwritten events hold:
            // 600 messages of 4,000 four-byte characters, 9.6 MB.
            let count = 600
            let padding = String(repeating: "\u{1F6CB}", count: 3990)
            for number in 0..<count {
                _ = try await server.send(
                    .POST, "/messages", json: ["conversationId": conversationId, "body": "\(number) \(padding)"], token: guest.accessToken
                ).expect(.created)
            }
            let (text, closedByServer) = await stalled.readToEnd()
            #expect(closedByServer, "the server closes the connection of a client that fell behind")
            // Whole frames only: the last one may have been cut.
            let frames = text.components(separatedBy: "\n\n").compactMap { frame -> (id: Int64, number: Int)? in
                // Chunk sizes stand on lines of their own, ended by CRLF.
                let lines = frame.split(whereSeparator: \.isNewline).map(String.init)
                guard lines.contains("event: message.created"),
                    let id = lines.first(where: { $0.hasPrefix("id: ") }).flatMap({ Int64($0.dropFirst(4)) }),
                    let data = lines.first(where: { $0.hasPrefix("data: ") }),
                    let event = try? JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8)) as? [String: Any],
                    let body = (event["data"] as? [String: Any])?["body"] as? String,
                    let number = body.split(separator: " ").first.flatMap({ Int($0) })
                else { return nil }
                return (id, number)
            }
            #expect(frames.count < count, "cut off before it had every message: \(frames.count)")
            let last = try #require(
                frames.last?.id, "the stream had some messages before it was cut off: \(text.utf8.count) bytes, \(text.prefix(300))")

            let resumed = try await EventStreamClient.open(server, token: host.accessToken, lastEventId: String(last))
            let rest = try await resumed.await("the rest of the messages") { $0.count { $0.type == "message.created" } >= count - frames.count }
            let numbers = frames.map(\.number) + rest.compactMap { ($0.payload["body"] as? String)?.split(separator: " ").first.flatMap { Int($0) } }
            #expect(numbers == Array(0..<count), "each message once, in order")
            resumed.close()
        }
    }

    @Test func streamsEndWhenTheServerStops() async throws {
        var stream: EventStreamClient?
        try await TestServer.with(Self.live) { server in
            let host = try await server.register("Host")
            stream = try await EventStreamClient.open(server, token: host.accessToken)
        }
        // The server's stop above waited for no stream: it ended them.
        try await eventually("the stream was ended by the stop") { stream?.ended == true }
    }
}
