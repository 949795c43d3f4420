import Foundation
import HTTPTransport
import Logging
import SmartCouchDomain
import SmartCouchPersistence

/// A host's imported channel calendars: adding one (fetched once to prove it), listing, removing,
/// syncing now, and the sync every feed gets on the job's schedule.
package struct CalendarFeedService: Sendable {
    let feeds: CalendarFeedRepository
    let couches: CouchService
    let secrets: SecretBox
    let egress: EgressPolicy
    let transport: any Transport
    let settings: CalendarSettings
    let logger: Logger
    let meters: Meters
    let stayChanges: StayChanges
    let now: @Sendable () -> Date

    package init(
        feeds: CalendarFeedRepository, couches: CouchService, secrets: SecretBox, egress: EgressPolicy, transport: any Transport,
        settings: CalendarSettings, logger: Logger, meters: Meters = .none, stayChanges: StayChanges, now: @escaping @Sendable () -> Date
    ) {
        self.stayChanges = stayChanges
        self.meters = meters
        self.feeds = feeds
        self.couches = couches
        self.secrets = secrets
        self.egress = egress
        self.transport = transport
        self.settings = settings
        self.logger = logger
        self.now = now
    }

    package func add(couchId: UUID, url text: String, name: String?, by principal: Principal) async throws -> CalendarFeed {
        let couch = try await couches.owned(couchId, by: principal)
        var validation = Validation()
        let url = text.utf8.count <= 2000 ? CallableURL.parse(text.trimmingCharacters(in: .whitespaces)) : nil
        validation.check(
            url != nil, "url",
            "must be the channel's http(s) export link as the channel gives it, such as https://www.airbnb.com/calendar/ical/1234.ics?s=…")
        // Named by its link's host when the host gave no name, unless that host is too long a name.
        let name = name?.trimmingCharacters(in: .whitespaces) ?? url?.host.flatMap { $0.count <= 100 ? $0 : nil } ?? "Calendar"
        validation.checkLength(name, "name", in: 1...100, trimmed: true)
        validation.checkOneLine(name, "name")
        try validation.finish()
        guard let url else { preconditionFailure("validation admits only URLs") }

        let events: [FeedEvent]
        let reply: HTTPReply
        switch await fetch(url, etag: nil, lastModified: nil, timeZone: couch.details.timeZone) {
        case .fetched(let fetched, let parsed):
            (reply, events) = (fetched, parsed)
        case .unchanged:
            throw AppError.invalid("url", "the channel answered 304 Not Modified to a first fetch")
        case .failed(let reason):
            throw AppError.invalid("url", reason)
        }
        let feedId: UUID
        switch try await feeds.create(
            couchId: couchId, name: name, sealedURL: try secrets.seal(url.absoluteString), maskedURL: CalendarFeed.mask(url),
            urlDigest: secrets.digest(Self.identity(of: url)), limit: settings.maxFeedsPerCouch, at: now()
        ) {
        case .created(let id):
            feedId = id
        case .duplicate(let id, let existing):
            throw AppError.conflict("the couch already imports this calendar as \"\(existing)\" (id \(id.uuidString.lowercased()))")
        case .full:
            throw AppError.conflict("a couch imports at most \(settings.maxFeedsPerCouch) calendars; remove one first")
        }
        do {
            _ = try await feeds.apply(
                events, to: feedId, couchId: couchId, etag: reply.header("ETag"), lastModified: reply.header("Last-Modified"), at: now())
        } catch {
            // A feed that could not take its first events is not half added.
            _ = try? await feeds.delete(feedId, couchId: couchId)
            throw error
        }
        stayChanges.changed(couchId: couchId)
        return try await feed(feedId, couchId: couchId)
    }

    /// The URL as one channel link, however it is spelled: the case of its scheme and host, a
    /// fragment (never sent), an empty query, escaped characters that need no escaping.
    static func identity(of url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        components.fragment = nil
        if components.percentEncodedQuery?.isEmpty == true { components.percentEncodedQuery = nil }
        components.percentEncodedPath = unescapingUnreserved(components.percentEncodedPath)
        if let query = components.percentEncodedQuery { components.percentEncodedQuery = unescapingUnreserved(query) }
        return components.string ?? url.absoluteString
    }

    /// `%41` is `A`: RFC 3986's unreserved characters mean the same escaped or not.
    private static func unescapingUnreserved(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let code = rest[percent...].dropFirst().prefix(2)
            if code.count == 2, let byte = UInt8(code, radix: 16), let scalar = Unicode.Scalar(UInt32(byte)),
                scalar.isASCII, Character(scalar).isLetter || Character(scalar).isNumber || "-._~".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[percent...].prefix(3).uppercased()
            }
            rest = rest[percent...].dropFirst(1 + code.count)
        }
        return result + rest
    }

    package func list(couchId: UUID, by principal: Principal) async throws -> [CalendarFeed] {
        try await list(of: couches.hosted(couchId, by: principal))
    }

    package func list(of hosted: HostedCouch) async throws -> [CalendarFeed] {
        try await feeds.feeds(couchId: hosted.id)
    }

    /// The caller's own couches' feeds whose last fetch failed.
    package func failing(by principal: Principal) async throws -> [(couchId: UUID, name: String, error: String)] {
        try await feeds.failing(ownerId: principal.userId)
    }

    package func remove(_ feedId: UUID, couchId: UUID, by principal: Principal) async throws {
        _ = try await couches.owned(couchId, by: principal)
        guard try await feeds.delete(feedId, couchId: couchId) else { throw AppError.notFound("the couch has no calendar with id \(feedId)") }
        // Its stays went with it.
        stayChanges.changed(couchId: couchId)
    }

    package func syncNow(_ feedId: UUID, couchId: UUID, by principal: Principal) async throws -> CalendarFeed {
        _ = try await couches.owned(couchId, by: principal)
        guard let source = try await feeds.sources(feedId: feedId).first, source.couchId == couchId else {
            throw AppError.notFound("the couch has no calendar with id \(feedId)")
        }
        _ = try await sync(source)
        return try await feed(feedId, couchId: couchId)
    }

    /// How many of the channels' stays and blocks at each of the caller's couches are in conflict,
    /// from `daysBehind` before today to `daysAhead` after it (today as it is at each couch).
    package func conflictCounts(daysBehind: Int, daysAhead: Int, by principal: Principal) async throws -> [UUID: Int] {
        try await feeds.conflictCounts(ownerId: principal.userId, now: now(), daysBehind: daysBehind, daysAhead: daysAhead)
    }

    package func conflicts(couchId: UUID, overlapping window: Stay? = nil, by principal: Principal) async throws -> [ChannelConflict] {
        try await conflicts(of: couches.hosted(couchId, by: principal), overlapping: window)
    }

    package func conflicts(of hosted: HostedCouch, overlapping window: Stay? = nil) async throws -> [ChannelConflict] {
        try await feeds.conflicts(couchId: hosted.id, overlapping: window)
    }

    /// Every feed that is due, a few at a time, hosts taking turns and none holding more than its
    /// share of the fetches in flight; one failing never stops the others. No fetch starts once
    /// the run has taken `runBudget`: what is left is deferred, and goes first next time.
    package func syncAll(logger: Logger) async throws -> CalendarSyncSummary {
        let started = ContinuousClock.now
        let sources = try await feeds.sources(dueAt: now())
        var queue = FairQueue(sources, owner: \.ownerId, perOwner: settings.concurrencyPerHost)
        var summary = CalendarSyncSummary(feeds: sources.count)
        await queue.drain(
            concurrency: settings.concurrency, mayStart: { ContinuousClock.now - started < settings.runBudget },
            { source in await syncLogging(source, logger: logger) },
            done: { changed in
                switch changed {
                case true?: summary.changed += 1
                case false?: break
                case nil: summary.failed += 1
                }
            })
        summary.deferred = queue.remaining
        if summary.deferred > 0 {
            logger.warning("calendar sync ran out of its \(settings.runBudget) budget: \(summary.deferred) feeds wait for the next run")
        }
        return summary
    }

    /// Nil when the feed could not be synced at all (its database work failed).
    private func syncLogging(_ source: CalendarFeedRepository.Source, logger: Logger) async -> Bool? {
        do {
            return try await sync(source)
        } catch {
            logger.warning("calendar feed \(source.feedId) could not be synced: \(error)")
            return nil
        }
    }

    /// One feed's sync: a failed fetch or a body that does not parse keeps the last good events.
    /// True when the feed changed what it holds.
    package func sync(_ source: CalendarFeedRepository.Source) async throws -> Bool {
        guard let text = secrets.open(source.sealedURL), let url = URL(string: text) else {
            meters.count("smartcouch_calendar_syncs_total", [("outcome", "failed")])
            try await feeds.recordFailure(
                source.feedId, "the feed's address cannot be read with the current SECRETS_KEY; add the calendar again", at: now())
            return false
        }
        switch await fetch(url, etag: source.etag, lastModified: source.lastModified, timeZone: source.timeZone) {
        case .unchanged:
            meters.count("smartcouch_calendar_syncs_total", [("outcome", "unchanged")])
            try await feeds.recordUnchanged(source.feedId, at: now())
            return false
        case .failed(let reason):
            meters.count("smartcouch_calendar_syncs_total", [("outcome", "failed")])
            try await feeds.recordFailure(source.feedId, reason, at: now())
            return false
        case .fetched(let reply, let events):
            let changes = try await feeds.apply(
                events, to: source.feedId, couchId: source.couchId, etag: reply.header("ETag"), lastModified: reply.header("Last-Modified"), at: now()
            )
            meters.count("smartcouch_calendar_syncs_total", [("outcome", changes.isEmpty ? "unchanged" : "changed")])
            if !changes.isEmpty { stayChanges.changed(couchId: source.couchId) }
            return !changes.isEmpty
        }
    }

    enum Fetch {
        case fetched(HTTPReply, [FeedEvent])
        case unchanged
        /// Why, in words for the host: never the body, never the URL.
        case failed(String)
    }

    private func fetch(_ url: URL, etag: String?, lastModified: String?, timeZone: String) async -> Fetch {
        var request = HTTPRequest(
            method: "GET", url: url, headers: ["Accept": "text/calendar, */*;q=0.5"], egress: egress.egress(for: .calendar),
            timeout: settings.timeout, maxResponseBytes: settings.maxBytes)
        if let etag { request.headers["If-None-Match"] = etag }
        if let lastModified { request.headers["If-Modified-Since"] = lastModified }
        let reply: HTTPReply
        do {
            reply = try await transport.send(request)
        } catch {
            logger.notice("a calendar feed could not be fetched from \(url.host ?? "?"): \(error)")
            return .failed("the feed could not be fetched: \(error.kind)")
        }
        if reply.status == 304 { return .unchanged }
        guard reply.status == 200 else { return .failed("the feed answered \(reply.status), not 200") }
        do {
            return .fetched(reply, try ICalendarFeed.events(in: reply.text, timeZone: TimeZone(identifier: timeZone) ?? .gmt))
        } catch {
            return .failed("the feed is not a usable iCalendar feed: \(error.reason)")
        }
    }

    private func feed(_ id: UUID, couchId: UUID) async throws -> CalendarFeed {
        guard let feed = try await feeds.feed(id, couchId: couchId) else { throw AppError.notFound("the couch has no calendar with id \(id)") }
        return feed
    }
}

/// How calendar feeds are fetched and how often.
package struct CalendarSettings: Sendable {
    package var schedule: Schedule
    package var timeout: Duration
    package var maxBytes: Int
    /// Feeds fetched at once by the sync job.
    package var concurrency: Int
    /// Of those, one host's feeds at most.
    package var concurrencyPerHost: Int
    /// How long a sync run may go on starting fetches.
    package var runBudget: Duration
    /// Feeds one couch may import: a channel each, with room to spare.
    package var maxFeedsPerCouch: Int

    package init(
        schedule: Schedule, timeout: Duration = .seconds(15), maxBytes: Int = 5 << 20, concurrency: Int = 8, concurrencyPerHost: Int = 2,
        runBudget: Duration = .seconds(300), maxFeedsPerCouch: Int = 10
    ) {
        self.schedule = schedule
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.concurrency = concurrency
        self.concurrencyPerHost = concurrencyPerHost
        self.runBudget = runBudget
        self.maxFeedsPerCouch = maxFeedsPerCouch
    }
}
