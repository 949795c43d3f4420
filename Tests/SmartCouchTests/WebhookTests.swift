import Crypto
import Foundation
import HTTPTransport
import NIOHTTP1
import SmartCouchBootstrap
import SmartCouchDomain
import SmartCouchServices
import TestSupport
import Testing

/// Hosts' webhooks end to end: bookings on a host's couch become signed deliveries that a receiver
/// on 127.0.0.1 hears, through the server's own transport and delivery worker.
@Suite struct WebhookTests {
    /// A host with a couch and a guest, on a server `adjust` configures, beside a webhook receiver.
    static func staged(
        _ adjust: (inout Settings) -> Void,
        _ body: (WebhookReceiver, TestServer, Account, Account, UUID) async throws -> Void
    ) async throws {
        try await withWebhookReceiver { receiver in
            try await TestServer.with(adjust) { server in
                let host = try await server.register("Host")
                let guest = try await server.register("Guest")
                let couch = try await server.createCouch(by: host)
                try await body(receiver, server, host, guest, couch)
            }
        }
    }

    /// The receiver listens on 127.0.0.1, which the operator must allow for webhooks; the workers
    /// look for due deliveries often.
    static func reachable(_ configuration: inout Settings) {
        configuration.egress.privateAllowed.insert(.webhook)
        configuration.webhooks.poll = .milliseconds(20)
        configuration.events.enabled = true
        configuration.webhooks.enabled = true
    }

    /// Retries come at once, and an endpoint that does not answer fails within `timeout`.
    static func impatient(attempts: Int, timeout: Duration = .seconds(2)) -> (inout Settings) -> Void {
        { configuration in
            reachable(&configuration)
            configuration.webhooks.retry = WebhookRetry(firstRetry: .milliseconds(10), maxAttempts: attempts)
            configuration.webhooks.timeout = timeout
        }
    }

    static let booked = ["reservation.created"]

    @Test func aBookingReachesTheHostsEndpointSignedAndOnce() async throws {
        try await Self.staged(Self.reachable) { receiver, server, host, guest, couch in
            let stranger = try await server.register("Stranger")

            let made = try await server.send(
                .POST, "/webhooks",
                json: [
                    "url": receiver.url("/pms"), "types": ["reservation.created", "reservation.cancelled"]
                ], token: host.accessToken)
            #expect(made.status == .created, "\(made.text)")
            let webhook = try made.json
            let id = try #require(webhook["id"] as? String)
            let secret = try #require(webhook["secret"] as? String)
            #expect(secret.hasPrefix("whsec_") && secret.count > 40)
            #expect(webhook["enabled"] as? Bool == true && webhook["types"] as? [String] == ["reservation.created", "reservation.cancelled"])
            // The secret is shown that once, and stored sealed.
            let listed = try await server.send(.GET, "/webhooks", token: host.accessToken)
            #expect(!listed.text.contains(secret) && listed.text.contains(id))
            #expect(!(try await server.send(.GET, "/webhooks/\(id)", token: host.accessToken).text.contains(secret)))
            #expect(try await server.count("webhooks", where: "position(convert_to('\(secret)', 'UTF8') in secret_sealed) > 0") == 0)
            // Someone who owns no couch here hears nothing of it.
            let theirs = try await server.send(
                .POST, "/webhooks", json: ["url": receiver.url("/stranger"), "types": Self.booked], token: stranger.accessToken)
            let theirId = try #require(try theirs.json["id"] as? String, "\(theirs.text)")

            let first = try await server.book(guest, couch, from: 10, to: 12)
            let second = try await server.book(guest, couch, from: 20, to: 22)
            try await server.send(.POST, "/reservations/\(first.uuidString.lowercased())/cancel", token: guest.accessToken).expect(.ok)

            let log = try await Self.delivered(3, server, id, host)
            let received = await receiver.deliveries("/pms")
            #expect(received.count == 3, "each event once: \(received.map(\.text))")
            // In the order of the events, each as the log names it.
            #expect(log.reversed().map { $0["eventId"] as? String } == received.map { $0.header("SmartCouch-Event-Id") })
            for (delivery, entry) in zip(received, log.reversed()) {
                #expect(Self.verifies(delivery, secret: secret), "signature of \(delivery.text)")
                #expect(!Self.verifies(delivery, secret: secret + "x"))
                #expect(delivery.header("Content-Type") == "application/json" && delivery.header("User-Agent") == "SmartCouch-Webhooks/1")
                let event = try #require(try JSONSerialization.jsonObject(with: delivery.body) as? [String: Any])
                #expect(event["id"] as? String == entry["eventId"] as? String && event["type"] as? String == entry["eventType"] as? String)
                #expect(event["couchId"] as? String == couch.uuidString.lowercased() && event["occurredAt"] is String)
                #expect(entry["attempts"] as? Int == 1 && entry["lastStatusCode"] as? Int == 200 && entry["deliveredAt"] is String)
                let typed = try entry.typed(as: Schemas.WebhookDelivery.self)
                #expect(typed.nextAttemptAt == nil && typed.lastError == nil)
            }
            let events = try received.map { try #require(JSONSerialization.jsonObject(with: $0.body) as? [String: Any]) }
            #expect(events.map { $0["type"] as? String } == ["reservation.created", "reservation.created", "reservation.cancelled"])
            #expect(
                events.map { ($0["data"] as? [String: Any])?["reservationId"] as? String }
                    == [first, second, first].map { $0.uuidString.lowercased() })
            let ids = received.compactMap { $0.header("SmartCouch-Event-Id").flatMap { Int64($0) } }
            #expect(ids == ids.sorted() && Set(ids).count == 3)

            // Queued with the host's, or never: the stranger's endpoint has nothing.
            #expect(try await Self.log(server, theirId, stranger).isEmpty)
            #expect(await receiver.deliveries("/stranger").isEmpty)
        }
    }

    /// A delivery goes out when its event is given an id, not at the deliverer's next look: with
    /// an hour between looks, the booking's delivery still arrives.
    @Test func aDeliveryGoesOutWhenItIsQueuedNotAtTheNextPoll() async throws {
        try await Self.staged({ configuration in
            Self.reachable(&configuration)
            configuration.webhooks.poll = .seconds(3600)
        }) { receiver, server, host, guest, couch in
            let id = try await Self.webhook(server, host, receiver.url("/pms"))
            for night in [10, 20] {
                _ = try await server.book(guest, couch, from: night, to: night + 2)
            }
            _ = try await Self.delivered(2, server, id, host)
            #expect(await receiver.deliveries("/pms").count == 2)
        }
    }

    @Test func failuresAreRetriedAndLaterEventsWaitBehindThem() async throws {
        try await Self.staged(Self.impatient(attempts: 10)) { receiver, server, host, guest, couch in
            // A 500, then no answer in time, then 200; then a 200 with more body than is read.
            await receiver.script([.status(500), .hang, .status(200), .okWithLargeBody], for: "/flaky")
            let id = try await Self.webhook(server, host, receiver.url("/flaky"))

            _ = try await server.book(guest, couch, from: 10, to: 12)
            _ = try await server.book(guest, couch, from: 20, to: 22)
            let log = try await Self.delivered(2, server, id, host)

            let received = await receiver.deliveries("/flaky")
            let (first, second) = (log[1], log[0])
            let firstId = try #require(first["eventId"] as? String)
            let secondId = try #require(second["eventId"] as? String)
            #expect(
                received.map { $0.header("SmartCouch-Event-Id") } == [firstId, firstId, firstId, secondId], "in order, the second behind the first")
            #expect(received.map(\.status) == [500, nil, 200, 200])
            let typed = try first.typed(as: Schemas.WebhookDelivery.self)
            #expect(typed.attempts == 3 && typed.lastStatusCode == 200 && typed.lastError == nil)
            #expect(second["attempts"] as? Int == 1 && second["status"] as? String == "delivered")
            // Each attempt carried the same event, signed afresh.
            #expect(Set(received.prefix(3).map(\.body)).count == 1)
        }
    }

    @Test func anEndpointThatHangsDelaysNoOther() async throws {
        try await Self.staged({
            Self.reachable(&$0)
            // Longer than the test: the slow endpoint's attempt is under way until it is answered.
            $0.webhooks.timeout = .seconds(300)
        }) { receiver, server, host, guest, couch in
            await receiver.script([.hang], for: "/slow")
            let slow = try await Self.webhook(server, host, receiver.url("/slow"))
            let fast = try await Self.webhook(server, host, receiver.url("/fast"))

            for nights in [(10, 12), (20, 22), (30, 32)] { _ = try await server.book(guest, couch, from: nights.0, to: nights.1) }
            let log = try await Self.delivered(3, server, fast, host)
            let order = log.reversed().map { $0["eventId"] as? String }
            #expect(await receiver.deliveries("/fast").map { $0.header("SmartCouch-Event-Id") } == order)
            // All of that while the slow endpoint still holds its first delivery.
            let held = await receiver.deliveries("/slow")
            #expect(held.count == 1 && held.first?.status == nil && held.first?.header("SmartCouch-Event-Id") == order.first)

            await receiver.release()
            _ = try await Self.delivered(3, server, slow, host)
            #expect(await receiver.deliveries("/slow").map { $0.header("SmartCouch-Event-Id") } == order)
        }
    }

    @Test func twoServersDeliverToOneEndpointOneAtATimeInOrder() async throws {
        try await withWebhookReceiver { receiver in
            try await TestServer.with(Self.reachable) { first in
                try await first.alongside(Self.reachable) { second in
                    let host = try await first.register("Host")
                    let guest = try await first.register("Guest")
                    let couch = try await first.createCouch(by: host)
                    let id = try await Self.webhook(first, host, receiver.url("/both"))
                    for (index, server) in [first, second, first, second, first, second].enumerated() {
                        _ = try await server.book(guest, couch, from: 10 + 3 * index, to: 11 + 3 * index)
                    }
                    let log = try await Self.delivered(6, second, id, host)
                    let ids = await receiver.deliveries("/both").compactMap { $0.header("SmartCouch-Event-Id").flatMap { Int64($0) } }
                    #expect(ids == log.reversed().compactMap { ($0["eventId"] as? String).flatMap { Int64($0) } } && ids == ids.sorted(), "\(ids)")
                    #expect(await receiver.mostAtOnce("/both") == 1)
                }
            }
        }
    }

    @Test func aRedirectIsNotFollowedAndItsStatusIsKept() async throws {
        try await Self.staged(Self.impatient(attempts: 1)) { receiver, server, host, guest, couch in
            await receiver.script([.status(302)], for: "/moved")
            let id = try await Self.webhook(server, host, receiver.url("/moved"))

            _ = try await server.book(guest, couch, from: 10, to: 12)
            var failed: [String: Any] = [:]
            try await eventually("the delivery has failed") {
                failed = try await Self.log(server, id, host).first ?? [:]
                return failed["status"] as? String == "failed"
            }
            #expect(failed["lastStatusCode"] as? Int == 302, "\(failed)")
            #expect((failed["lastError"] as? String)?.contains("redirect") == true, "\(failed)")
            #expect(await receiver.deliveries("/moved").count == 1, "a redirect's target is never called")
        }
    }

    @Test func oneOwnersHangingEndpointsHoldOnlyTheirOwnPlaces() async throws {
        try await withWebhookReceiver { receiver in
            try await TestServer.with({ configuration in
                Self.impatient(attempts: 3, timeout: .seconds(120))(&configuration)
                configuration.webhooks.concurrency = 4
                configuration.webhooks.perOwner = 2
            }) { server in
                let hog = try await server.register("Hog")
                let host = try await server.register("Host")
                let guest = try await server.register("Guest")
                let hogsCouch = try await server.createCouch(by: hog)
                let couch = try await server.createCouch(by: host)
                let paths = (0..<4).map { "/hang\($0)" }
                for path in paths {
                    await receiver.script([.hang], for: path)
                    _ = try await Self.webhook(server, hog, receiver.url(path))
                }
                func hanging() async -> Int {
                    var count = 0
                    for path in paths { count += await receiver.deliveries(path).count }
                    return count
                }
                _ = try await server.book(guest, hogsCouch, from: 10, to: 12)
                try await eventually("two of the owner's endpoints hang") { await hanging() == 2 }

                // Places are left for another owner: their delivery goes now, not when those time out.
                let healthy = try await Self.webhook(server, host, receiver.url("/healthy"))
                _ = try await server.book(guest, couch, from: 10, to: 12)
                _ = try await Self.delivered(1, server, healthy, host)
                #expect(await hanging() == 2, "no more than the owner's share hangs at once")
                await receiver.release()
            }
        }
    }

    @Test func askingAgainForAPendingDeliveryDoesNotCutItsBackoff() async throws {
        try await Self.staged({ configuration in
            Self.reachable(&configuration)
            configuration.webhooks.retry = WebhookRetry(firstRetry: .seconds(3600), maxAttempts: 5)
        }) { receiver, server, host, guest, couch in
            await receiver.script([.status(500)], for: "/down")
            let id = try await Self.webhook(server, host, receiver.url("/down"))
            _ = try await server.book(guest, couch, from: 10, to: 12)
            var pending: [String: Any] = [:]
            try await eventually("the first attempt has failed") {
                pending = try await Self.log(server, id, host).first ?? [:]
                return pending["attempts"] as? Int == 1
            }
            #expect(pending["status"] as? String == "pending", "\(pending)")
            let path = "/webhooks/\(id)/deliveries/\(pending["id"] as? String ?? "")/redeliver"
            for _ in 0..<3 {
                let again = try await server.send(.POST, path, token: host.accessToken).expect(.accepted).json
                #expect(again["attempts"] as? Int == 1 && again["nextAttemptAt"] as? String == pending["nextAttemptAt"] as? String, "\(again)")
            }
            #expect(try await Self.log(server, id, host).first?["nextAttemptAt"] as? String == pending["nextAttemptAt"] as? String)
            #expect(await receiver.deliveries("/down").count == 1)
        }
    }

    @Test func usedUpAttemptsDisableTheEndpointSayingWhy() async throws {
        try await Self.staged(Self.impatient(attempts: 3)) { receiver, server, host, guest, couch in
            await receiver.script([.status(500), .status(500), .status(500)], for: "/down")
            let id = try await Self.webhook(server, host, receiver.url("/down"))
            let watch = try await Self.webhook(server, host, receiver.url("/watch"))

            _ = try await server.book(guest, couch, from: 10, to: 12)
            var webhook: [String: Any] = [:]
            try await eventually("the endpoint is disabled") {
                webhook = try await server.send(.GET, "/webhooks/\(id)", token: host.accessToken).json
                return webhook["enabled"] as? Bool == false
            }
            let failed = try #require(try await Self.log(server, id, host).first)
            let eventId = try #require(failed["eventId"] as? String)
            #expect(failed["status"] as? String == "failed" && failed["attempts"] as? Int == 3, "\(failed)")
            let typed = try failed.typed(as: Schemas.WebhookDelivery.self)
            #expect(typed.lastStatusCode == 500 && typed.lastError == "HTTP 500" && typed.nextAttemptAt == nil)
            let reason = try #require(webhook["disabledReason"] as? String)
            #expect(
                reason.contains("after 3 failed attempts") && reason.contains("event \(eventId)") && reason.hasSuffix("last: HTTP 500"), "\(reason)")
            #expect(webhook["disabledAt"] is String)

            // While disabled it is not queued anything: the next booking reaches the other endpoint only.
            _ = try await server.book(guest, couch, from: 20, to: 22)
            _ = try await Self.delivered(2, server, watch, host)
            #expect(try await Self.log(server, id, host).count == 1)
            let path = "/webhooks/\(id)/deliveries/\(failed["id"] as? String ?? "")/redeliver"
            try await server.send(.POST, path, token: host.accessToken).problem(.conflict)

            // Enabled again, it says nothing more of why it was not; the failed delivery goes again when asked.
            let enabled = try await server.send(.PATCH, "/webhooks/\(id)", json: ["enabled": true], token: host.accessToken)
            let again = try enabled.decoded(as: Schemas.Webhook.self)
            #expect(again.enabled && again.disabledReason == nil && again.disabledAt == nil, "\(enabled.text)")
            let redelivered = try await server.send(.POST, path, token: host.accessToken)
            #expect(redelivered.status == .accepted, "\(redelivered.text)")
            #expect(try redelivered.json["status"] as? String == "pending" && (try redelivered.json["attempts"] as? Int) == 0)
            _ = try await Self.delivered(1, server, id, host)
            let arrivals = await receiver.deliveries("/down")
            #expect(arrivals.map(\.status) == [500, 500, 500, 200] && Set(arrivals.map { $0.header("SmartCouch-Event-Id") }) == [eventId])
        }
    }

    @Test func redeliveringSendsADeliveredEventAgain() async throws {
        try await Self.staged(Self.reachable) { receiver, server, host, guest, couch in
            let id = try await Self.webhook(server, host, receiver.url("/pms"))
            _ = try await server.book(guest, couch, from: 10, to: 12)
            let delivery = try #require(try await Self.delivered(1, server, id, host).first)
            let path = "/webhooks/\(id)/deliveries/\(delivery["id"] as? String ?? "")/redeliver"
            try await server.send(.POST, path, token: host.accessToken).expect(.accepted)
            try await eventually("it is delivered again") { await receiver.deliveries("/pms").count == 2 }
            _ = try await Self.delivered(1, server, id, host)
            let both = await receiver.deliveries("/pms")
            #expect(both[0].body == both[1].body && both[0].header("SmartCouch-Event-Id") == both[1].header("SmartCouch-Event-Id"))
        }
    }

    @Test func anEndpointAtADeniedAddressIsRefusedAtRegistration() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            for url in [
                "http://127.0.0.1:1/", "http://localhost:9/hook", "http://[::1]:8080/", "http://10.0.0.1/hook",
                "http://169.254.169.254/latest/meta-data/", "http://0.0.0.0/"
            ] {
                let problem = try await server.send(.POST, "/webhooks", json: ["url": url, "types": Self.booked], token: host.accessToken)
                    .problem(.unprocessableEntity)
                let issues = problem["errors"] as? [[String: Any]] ?? []
                #expect(
                    issues.map { $0["field"] as? String } == ["url"] && (issues.first?["reason"] as? String)?.contains("not allowed") == true,
                    "\(url): \(problem)")
            }
            #expect(try await server.count("webhooks") == 0)
        }
        try await withWebhookReceiver { receiver in
            try await TestServer.with(Self.reachable) { server in
                let host = try await server.register("Host")
                // Allowing private addresses never allows link-local ones (cloud metadata).
                try await server.send(.POST, "/webhooks", json: ["url": "http://169.254.169.254/", "types": Self.booked], token: host.accessToken)
                    .problem(.unprocessableEntity)
                let id = try await Self.webhook(server, host, receiver.url("/pms"))
                try await server.send(.PATCH, "/webhooks/\(id)", json: ["url": "http://169.254.169.254/"], token: host.accessToken)
                    .problem(.unprocessableEntity)
                #expect(try await server.send(.GET, "/webhooks/\(id)", token: host.accessToken).json["url"] as? String == receiver.url("/pms"))
            }
        }
    }

    @Test func someoneElsesWebhookIsNotFound() async throws {
        try await Self.staged(Self.reachable) { receiver, server, host, guest, couch in
            let stranger = try await server.register("Stranger")
            let id = try await Self.webhook(server, host, receiver.url("/pms"))
            _ = try await server.book(guest, couch, from: 10, to: 12)
            let delivery = try #require(try await Self.delivered(1, server, id, host).first?["id"] as? String)
            let before = try await server.send(.GET, "/webhooks/\(id)", token: host.accessToken).text

            for (method, path, body) in [
                (HTTPMethod.GET, "/webhooks/\(id)", nil), (.PATCH, "/webhooks/\(id)", ["enabled": false] as [String: Any]?),
                (.DELETE, "/webhooks/\(id)", nil), (.GET, "/webhooks/\(id)/deliveries", nil),
                (.POST, "/webhooks/\(id)/deliveries/\(delivery)/redeliver", nil)
            ] {
                try await server.send(method, path, json: body, token: stranger.accessToken).problem(.notFound)
            }
            #expect((try await server.send(.GET, "/webhooks", token: stranger.accessToken).json["items"] as? [Any])?.isEmpty == true)
            #expect(try await server.send(.GET, "/webhooks/\(id)", token: host.accessToken).text == before)
            #expect(try await Self.log(server, id, host).first?["status"] as? String == "delivered")
            // The owner removes it, and its log with it.
            try await server.send(.DELETE, "/webhooks/\(id)", token: host.accessToken).expect(.noContent)
            try await server.send(.GET, "/webhooks/\(id)", token: host.accessToken).problem(.notFound)
            #expect(try await server.count("webhook_deliveries") == 0)
        }
    }

    @Test func badInputIsRefusedAndChangesNothing() async throws {
        try await TestServer.with({
            Self.reachable(&$0)
            $0.webhooks.maxPerUser = 2
        }) { server in
            let host = try await server.register("Host")
            let url = "http://127.0.0.1:9/hook"
            let cases: [(Any, HTTPResponseStatus, Set<String>)] = [
                ([:] as [String: Any], .unprocessableEntity, ["url"]),
                (["url": url] as [String: Any], .unprocessableEntity, ["types"]),
                (["url": "ftp://127.0.0.1/hook", "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": "/hook", "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": "http://user:pw@127.0.0.1/hook", "types": Self.booked], .unprocessableEntity, ["url"]),
                // Written as no URL is: Foundation would escape these and call what nobody wrote.
                (["url": "http://127.0.0.1:9/hook\r\nX-Injected: y", "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": "http://127.0.0.1:9/ho ok", "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": "http://127.0.0.1:9/%%%%", "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": "http://127.0.0.1:0/hook", "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": "http://127.0.0.1:99999/hook", "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": "http://127.0.0.1:99999999999999999999/hook", "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": "http://%00/hook", "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": "http://a%20b/hook", "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": "http://[v1.x]/hook", "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": "http://127.0.0.1/" + String(repeating: "a", count: 2000), "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": 5, "types": Self.booked], .unprocessableEntity, ["url"]),
                (["url": url, "types": [String]()], .unprocessableEntity, ["types"]),
                (["url": url, "types": "reservation.created"], .unprocessableEntity, ["types"]),
                (["url": url, "types": ["reservation.created", "reservation.created"]], .unprocessableEntity, ["types"]),
                (["url": url, "types": ["reservation.created", "booking.made"]], .unprocessableEntity, ["types[1]"]),
                (["url": url, "types": Array(repeating: "reservation.created", count: 33)], .unprocessableEntity, ["types"])
            ]
            for (body, status, fields) in cases {
                let response = try await server.send(.POST, "/webhooks", json: body, token: host.accessToken)
                try response.problem(status)
                #expect(try response.problemFields == fields, "\(body): \(response.text)")
            }
            try await server.send(.POST, "/webhooks", body: Data("{".utf8), contentType: "application/json", token: host.accessToken).problem(
                .badRequest)
            try await server.send(
                .POST, "/webhooks", body: Data("url=x".utf8), contentType: "application/x-www-form-urlencoded", token: host.accessToken
            )
            .problem(.unsupportedMediaType)
            #expect(try await server.count("webhooks") == 0)

            let id = try await Self.webhook(server, host, url)
            let before = try await server.send(.GET, "/webhooks/\(id)", token: host.accessToken).text
            for (body, fields) in [
                (["enabled": "yes"] as [String: Any], Set(["enabled"])), (["types": [String]()], ["types"]), (["url": "ftp://127.0.0.1/"], ["url"]),
                (["types": ["reservation.created", "nope"]], ["types[1]"])
            ] {
                let response = try await server.send(.PATCH, "/webhooks/\(id)", json: body, token: host.accessToken)
                try response.problem(.unprocessableEntity)
                #expect(try response.problemFields == fields, "\(body): \(response.text)")
            }
            #expect(try await server.send(.GET, "/webhooks/\(id)", token: host.accessToken).text == before)

            try await server.send(.GET, "/webhooks/not-a-uuid", token: host.accessToken).problem(.badRequest)
            try await server.send(.GET, "/webhooks/\(id)/deliveries?cursor=garbage", token: host.accessToken).problem(.badRequest)
            try await server.send(.GET, "/webhooks/\(id)/deliveries?limit=0", token: host.accessToken).problem(.unprocessableEntity)
            let foreign = PageCursor(order: "webhook-deliveries", key: "1", id: UUID()).token
            try await server.send(.GET, "/webhooks/\(id)/deliveries?cursor=\(foreign)", token: host.accessToken).problem(.badRequest)
            try await server.send(.POST, "/webhooks/\(id)/deliveries/abc/redeliver", token: host.accessToken).problem(.badRequest)
            try await server.send(.POST, "/webhooks/\(id)/deliveries/99999/redeliver", token: host.accessToken).problem(.notFound)
            try await server.send(.POST, "/webhooks/\(id)/deliveries/99999999999999999999/redeliver", token: host.accessToken).problem(.notFound)
            try await server.send(.GET, "/webhooks/\(UUID())", token: host.accessToken).problem(.notFound)
            try await server.send(.GET, "/webhooks").problem(.unauthorized)

            // As many as a user may have, and not one more.
            _ = try await Self.webhook(server, host, url)
            try await server.send(.POST, "/webhooks", json: ["url": url, "types": Self.booked], token: host.accessToken).problem(.conflict)
            #expect(try await server.count("webhooks") == 2)
        }
    }

    @Test func theDeliveryLogPages() async throws {
        try await Self.staged(Self.reachable) { receiver, server, host, guest, couch in
            let id = try await Self.webhook(server, host, receiver.url("/pms"))
            for index in 0..<3 { _ = try await server.book(guest, couch, from: 10 + 3 * index, to: 11 + 3 * index) }
            let all = try await Self.delivered(3, server, id, host).map { $0["eventId"] as? String }
            let first = try await server.send(.GET, "/webhooks/\(id)/deliveries?limit=2", token: host.accessToken).json
            let cursor = try #require(first["nextCursor"] as? String)
            let second = try await server.send(.GET, "/webhooks/\(id)/deliveries?limit=2&cursor=\(cursor)", token: host.accessToken).json
            let pages = [first, second].flatMap { ($0["items"] as? [[String: Any]] ?? []).map { $0["eventId"] as? String } }
            #expect(try pages == all && second.typed(as: Schemas.WebhookDeliveryPage.self).nextCursor == nil)
        }
    }

    // MARK: Endpoints, logs and signatures

    /// Registers an endpoint of `owner` for new bookings; its id.
    static func webhook(_ server: TestServer, _ owner: Account, _ url: String, types: [String] = booked) async throws -> String {
        let response = try await server.send(.POST, "/webhooks", json: ["url": url, "types": types], token: owner.accessToken)
        #expect(response.status == .created, "\(response.text)")
        return try #require(try response.json["id"] as? String)
    }

    /// The endpoint's delivery log, newest first.
    static func log(_ server: TestServer, _ id: String, _ owner: Account) async throws -> [[String: Any]] {
        try await server.send(.GET, "/webhooks/\(id)/deliveries?limit=200", token: owner.accessToken).json["items"] as? [[String: Any]] ?? []
    }

    /// Waits until the log holds `count` deliveries, all delivered; the log.
    static func delivered(_ count: Int, _ server: TestServer, _ id: String, _ owner: Account) async throws -> [[String: Any]] {
        var entries: [[String: Any]] = []
        try await eventually("\(count) deliveries delivered") {
            entries = try await log(server, id, owner)
            return entries.count == count && entries.allSatisfy { $0["status"] as? String == "delivered" }
        }
        try #require(entries.count == count, "the log: \(entries)")
        return entries
    }

    /// Checks `SmartCouch-Signature` as a receiver would: HMAC-SHA256 over "<t>.<body>", keyed with the secret's text.
    static func verifies(_ delivery: WebhookReceiver.Delivery, secret: String) -> Bool {
        let fields = Dictionary(
            (delivery.header("SmartCouch-Signature") ?? "").split(separator: ",").compactMap { part -> (String, String)? in
                let pair = part.split(separator: "=", maxSplits: 1)
                return pair.count == 2 ? (String(pair[0]), String(pair[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
        guard let timestamp = fields["t"], Int64(timestamp) != nil, let signature = fields["v1"] else { return false }
        let code = HMAC<SHA256>.authenticationCode(for: Data("\(timestamp).".utf8) + delivery.body, using: SymmetricKey(data: Data(secret.utf8)))
        return code.map { String(format: "%02x", $0) }.joined() == signature
    }
}
