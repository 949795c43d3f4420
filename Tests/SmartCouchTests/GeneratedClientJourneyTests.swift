import Foundation
import OpenAPIRuntime
import OpenHABSimulator
import SmartCouchKit
import SmartCouchKitAsyncHTTPClient
import Testing

/// A guest's and a host's whole journey through SmartCouchKit, the client generated from
/// swagger.yaml by swift-openapi-generator, as an app would use it: if the contract misleads a
/// generator (a field it thinks optional, a part it sends as text, a default it fills in), this fails.
@Suite struct GeneratedClientJourneyTests {
    @Test func aHostAndAGuestGoFromSignUpToRatingThroughAGeneratedClient() async throws {
        let simulator = try await OpenHABSimulator.start(configuration: SimulatorConfiguration(tokens: [Home.hubToken: .administrator]))
        defer { Task { try? await simulator.shutdown() } }
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let anonymous = try server.kit().client

            // Sign-up, both sides.
            let hostApp = try server.kit()
            let hostUser = try await hostApp.register(email: "host@example.com", password: "correct horse battery", name: "Host")
            #expect(hostUser.id == hostUser.id.lowercased())
            let guestApp = try server.kit()
            try await guestApp.register(email: "guest@example.com", password: "correct horse battery", name: "Guest")
            let host = hostApp.client
            let guest = guestApp.client

            // The host lists a couch (only the required fields and a few others) and shows a photo.
            let couch = try await host.createCouch(
                body: .json(
                    .init(
                        name: "Riverside loft", city: "Budapest", country: "HU", maxGuests: 4, timeZone: "Europe/Budapest",
                        checkInTime: "16:00", checkOutTime: "10:00", nightlyPrice: "80.00", currency: "USD"))
            ).created.body.json
            #expect(couch.id == couch.id.lowercased())
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("IHDR journey".utf8)
            let image = try await host.addCouchImage(
                path: .init(id: couch.id),
                body: .multipartForm([
                    .file(.init(payload: .init(body: HTTPBody(png)), filename: "loft.png"))
                ])
            ).created.body.json
            #expect(image.contentType == .imagePng)
            #expect(image.size == png.count)
            let bytes = try await anonymous.getImage(path: .init(id: image.id)).ok.body.png
            #expect(try await Data(collecting: bytes, upTo: 1 << 20) == png)

            // The guest finds it and books tonight and tomorrow night.
            let found = try await anonymous.searchCouches(
                query: .init(city: "Budapest", checkIn: server.date(0), checkOut: server.date(2), guests: 2)
            ).ok.body.json
            #expect(found.items.map(\.id) == [couch.id])
            let stay = try await guest.createReservation(
                body: .json(.init(couchId: couch.id, checkIn: server.date(0), checkOut: server.date(2), guests: 2))
            ).created.body.json
            #expect(stay.totalPrice == "160.00")

            // They talk.
            let conversationId = try #require(stay.conversationId)
            let message = try await guest.postMessage(body: .json(.init(conversationId: conversationId, body: "Arriving around six."))).created.body
                .json
            let thread = try await host.messagesOfConversation(path: .init(conversationId: conversationId)).ok.body.json
            #expect(thread.items.map(\.id) == [message.id])

            // The host connects the hub and adds the front door through the device wizard.
            _ = try await host.setHub(
                path: .init(couchId: couch.id), body: .json(.init(baseUrl: simulator.baseURL.absoluteString, apiToken: Home.hubToken))
            ).ok.body.json
            let things = try await host.hubThings(path: .init(couchId: couch.id)).ok.body.json
            let lockThing = try #require(things.first { $0.uid == "sim:smartlock:front" })
            let lockChannel = try #require(lockThing.channels.first { $0.id == "lock" })
            let fitting = try await host.fittingChannels(path: .init(configurationType: .lock), query: .init(couchId: couch.id)).ok.body.json
            #expect(fitting.contains { $0.channelUID == lockChannel.uid }, "the wizard offers the lock's channel for a lock")
            let door = try await host.createDevice(
                body: .json(
                    .init(
                        couchId: couch.id, name: "Front door", _type: .lock, thingUID: lockThing.uid,
                        properties: [.init(channelUID: lockChannel.uid, initialState: .case1("ON"))]))
            ).created.body.json
            let lockItem = try #require(door.mainItemId)

            // Inside the stay window (check-in 16:00) the guest unlocks, re-entering the password
            // because the login is hours old.
            server.clock.advance(by: 5 * 3600)
            let unlocked = try await guest.toggleSwitch(path: .init(itemId: lockItem), body: .json(.init(password: "correct horse battery"))).ok.body
                .json
            #expect(unlocked.state == "OFF")

            // A second stay, booked and cancelled: its nights are free again.
            let later = try await guest.createReservation(
                body: .json(.init(couchId: couch.id, checkIn: server.date(10), checkOut: server.date(12), guests: 1))
            ).created.body.json
            let cancelled = try await guest.cancelReservation(path: .init(id: later.id)).ok.body.json
            #expect(cancelled.status == .cancelled)

            // PATCH of one field leaves the rest as they were (USD, 16:00, 10:00).
            let renamed = try await host.updateCouch(path: .init(id: couch.id), body: .json(.init(name: "Riverside loft with a view"))).ok.body.json
            #expect(renamed.name == "Riverside loft with a view")
            #expect(renamed.currency == "USD")
            #expect(renamed.checkInTime == "16:00")
            #expect(renamed.checkOutTime == "10:00")
            #expect(try await anonymous.getCouch(path: .init(id: couch.id)).ok.body.json.currency == "USD")

            // After check-out the guest rates the stay.
            server.advanceClock(days: 2)
            let rating = try await guest.rate(body: .json(.init(reservationId: stay.id, stars: 5, comment: "Lovely"))).created.body.json
            #expect(rating.reservationId == stay.id)
            let summary = try await anonymous.ratingSummaryOfCouch(path: .init(couchId: couch.id)).ok.body.json
            #expect(summary.count == 1)
            #expect(summary.average == 5)
        }
    }

    /// Ids the server writes are lowercase; ids a client sends are accepted in either case.
    @Test func idsAreWrittenInLowercaseAndReadInEitherCase() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let upper = couch.uuidString.uppercased()
            let response = try await server.send(.GET, "/couches/\(upper)")
            #expect(response.status == .ok)
            #expect(try response.json["id"] as? String == couch.uuidString.lowercased())
            #expect(try response.json["ownerId"] as? String == host.id.uuidString.lowercased())
            #expect(!response.text.contains(upper))
            let missing = UUID()
            let problem = try await server.send(.GET, "/couches/\(missing.uuidString.uppercased())").problem(.notFound)
            #expect((problem["detail"] as? String)?.contains(missing.uuidString.lowercased()) == true)
        }
    }
}

extension TestServer {
    /// SmartCouchKit pointed at this server over AsyncHTTPClient, as a host's system would use it.
    func kit() throws -> SmartCouch {
        try SmartCouch(serverURL: #require(URL(string: baseURL)), httpClient: .shared)
    }
}
