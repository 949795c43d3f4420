import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A couch's settings as its host keeps them: stay rules (and what a stay would cost, by the API's
/// own quote), the guest's guide, door-code settings, channel calendars and the hub connection.
struct ConsoleSettingsController {
    let terms: BookingTermsService
    let reservations: ReservationService
    let guides: CouchGuideService
    let codes: DoorCodeService
    let feeds: CalendarFeedService
    let hubs: HubService
    let couches: CouchService
    let view: ConsoleView

    func register(signedIn: any RoutesBuilder) {
        let settings = signedIn.grouped("console", "couches", ":couchId", "settings")
        settings.get(use: show)
        settings.post("rules", use: saveRules)
        settings.post("guide", use: saveGuide)
        settings.post("codes", use: saveCodes)
        settings.post("calendars", use: addCalendar)
        settings.post("calendars", ":feedId", "sync", use: syncCalendar)
        settings.post("calendars", ":feedId", "remove", use: removeCalendar)
        settings.post("hub", use: saveHub)
    }

    struct Option: Encodable {
        var value: String
        var label: String
        var selected: Bool
    }

    struct Feed: Encodable {
        var name: String
        var url: String
        var state: String
        var failing: Bool
        var sync: String
        var remove: String
    }

    struct Page: Encodable {
        var couchName: String
        var base: String
        var rules: StayRulesForm
        var policies: [Option]
        var prices: [ConsoleFact]
        var quote: [ConsoleFact]
        var hasQuote: Bool
        var quoteRefused: [String]
        var quoteAsked: QuoteForm
        var guide: GuideForm
        var codes: CodeSettingsForm
        var feeds: [Feed]
        var hasFeeds: Bool
        var hub: [ConsoleFact]
    }

    /// Numbers as the browser sends them (`ConsoleField`); an empty one keeps the rule as it is.
    struct StayRulesForm: Content {
        var minNights: String?
        var maxNights: String?
        var turnoverDays: String?
        var advanceNoticeHours: String?
        var requestExpiryHours: String?
        var instantBook: String?
        var cancellationPolicy: String?
    }

    struct QuoteForm: Encodable {
        var checkIn: String
        var checkOut: String
        var guests: String
    }

    struct GuideForm: Content {
        var wifiName: String?
        var wifiPassword: String?
        var arrival: String?
        var departure: String?
        var houseRules: String?
        var parking: String?
        var hostName: String?
        var hostPhone: String?
    }

    struct CodeSettingsForm: Content {
        var length: String?
        var leadMinutes: String?
        var graceMinutes: String?
        var revealHours: String?
    }

    @Sendable func show(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let couchId = try request.uuid("couchId", as: "couchId")
        let hosted = try await couches.hosted(couchId, by: principal)
        let couch = hosted.couch
        let t = view.language(request)
        async let couchTerms = terms.terms(couchId: couchId)
        async let guide = guides.guide(of: hosted)
        async let codeSettings = codes.settings(of: hosted)
        async let couchFeeds = feeds.list(of: hosted)
        let money = ConsoleMoney(t, currency: couch.details.currency)
        let base = "/console/couches/\(couchId.uuidString.lowercased())/settings"
        let clock = StayClock(language: t, timeZone: couch.details.timeZone)
        // The hub is asked how it is now, meanwhile.
        async let hub = hubFacts(hosted, t, clock)

        let asked = (request.query[String.self, at: "checkIn"], request.query[String.self, at: "checkOut"])
        let guestsAsked = request.query[String.self, at: "guests"]
        var quoted: [ConsoleFact] = []
        var refused: [String] = []
        if let checkIn = asked.0, let checkOut = asked.1 {
            do {
                let guests = try ConsoleField.number(guestsAsked, "guests") ?? 1
                // As a guest is quoted: asked as the host, every preview led with "you cannot book your own couch".
                let quote = try await reservations.quote(couchId: couchId, checkIn: checkIn, checkOut: checkOut, guests: guests, by: nil)
                quoted = ConsoleFact.lines(of: quote.price, money, t)
                refused = quote.violations.map(\.detail)
            } catch let error as AppError where ConsoleView.told.contains(error.kind) {
                refused = [error.detail]
            }
        }
        let rules = try await couchTerms.rules
        let prices = try await couchTerms.prices
        let guideNow = try await guide
        let settings = try await codeSettings
        let feedList = try await couchFeeds.map { feed in
            let id = feed.id.uuidString.lowercased()
            return Feed(
                name: feed.name, url: feed.maskedURL,
                state: feed.lastError.map { t("feedError", ["error": $0]) }
                    ?? feed.lastSuccessAt.map { t("feedSynced", ["time": clock.moment($0), "stays": "\(feed.stays)"]) } ?? t["feedNever"],
                failing: feed.lastError != nil, sync: "\(base)/calendars/\(id)/sync", remove: "\(base)/calendars/\(id)/remove")
        }
        let page = Page(
            couchName: couch.details.name, base: base,
            rules: StayRulesForm(
                minNights: String(rules.minNights), maxNights: String(rules.maxNights), turnoverDays: String(rules.turnoverDays),
                advanceNoticeHours: String(rules.advanceNoticeHours), requestExpiryHours: String(rules.requestExpiryHours),
                instantBook: rules.instantBook ? "on" : nil, cancellationPolicy: rules.cancellationPolicy.rawValue),
            policies: CancellationPolicy.allCases.map {
                Option(value: $0.rawValue, label: t["policy.\($0.rawValue)"], selected: $0 == rules.cancellationPolicy)
            },
            prices: [ConsoleFact(label: t["nightly"], value: money(prices.nightly))]
                + (prices.weekend.map { [ConsoleFact(label: t["weekend"], value: money($0))] } ?? [])
                + (prices.cleaningFee.map { [ConsoleFact(label: t["cleaningFee"], value: money($0))] } ?? []),
            quote: quoted, hasQuote: !quoted.isEmpty, quoteRefused: refused,
            quoteAsked: QuoteForm(checkIn: asked.0 ?? "", checkOut: asked.1 ?? "", guests: guestsAsked ?? "1"),
            guide: GuideForm(
                wifiName: guideNow.wifiName, wifiPassword: guideNow.wifiPassword, arrival: guideNow.arrival, departure: guideNow.departure,
                houseRules: guideNow.houseRules, parking: guideNow.parking, hostName: guideNow.hostContact?.name,
                hostPhone: guideNow.hostContact?.phone),
            codes: CodeSettingsForm(
                length: String(settings.length), leadMinutes: String(settings.leadMinutes), graceMinutes: String(settings.graceMinutes),
                revealHours: String(settings.revealHours)),
            feeds: feedList, hasFeeds: !feedList.isEmpty, hub: await hub)
        return try await view.render("settings", title: t("settingsOf", ["couch": couch.details.name]), page, couch: couchId, for: request)
    }

    /// The hub as the API's status has it; a hub that cannot be asked is said, not an error page.
    private func hubFacts(_ hosted: HostedCouch, _ t: PageCatalogue.Language, _ clock: StayClock) async -> [ConsoleFact] {
        do {
            let status = try await hubs.status(of: hosted)
            return [
                ConsoleFact(label: t["hubAddress"], value: status.isDefault ? t["hubShared"] : status.baseURL),
                ConsoleFact(label: t["hubReachable"], value: status.reachable ? t["yes"] : t["no"])
            ] + (status.version.map { [ConsoleFact(label: t["hubVersion"], value: $0)] } ?? [])
                + (status.lastError.map { [ConsoleFact(label: t["hubError"], value: $0)] } ?? [])
        } catch let error as AppError {
            return [ConsoleFact(label: t["hubAddress"], value: error.detail)]
        } catch {
            return [ConsoleFact(label: t["hubAddress"], value: t["hubUnreachable"])]
        }
    }

    @Sendable func saveRules(_ request: Request) async throws -> Response {
        let (principal, couchId) = try ids(request)
        let form = try decode(StayRulesForm.self, request)
        return try await view.submit(settingsPath(couchId), done: view.language(request)["rulesSaved"]) {
            var rules = try await terms.terms(couchId: couchId).rules
            rules.minNights = try ConsoleField.number(form.minNights, "minNights") ?? rules.minNights
            rules.maxNights = try ConsoleField.number(form.maxNights, "maxNights") ?? rules.maxNights
            rules.turnoverDays = try ConsoleField.number(form.turnoverDays, "turnoverDays") ?? rules.turnoverDays
            rules.advanceNoticeHours = try ConsoleField.number(form.advanceNoticeHours, "advanceNoticeHours") ?? rules.advanceNoticeHours
            rules.requestExpiryHours = try ConsoleField.number(form.requestExpiryHours, "requestExpiryHours") ?? rules.requestExpiryHours
            // An unticked box is not sent.
            rules.instantBook = form.instantBook == "on"
            if let policy = form.cancellationPolicy {
                guard let chosen = CancellationPolicy(rawValue: policy) else {
                    throw AppError.invalid(
                        "cancellationPolicy", "must be one of \(CancellationPolicy.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                rules.cancellationPolicy = chosen
            }
            _ = try await terms.setRules(rules, couchId: couchId, by: principal)
        }
    }

    @Sendable func saveGuide(_ request: Request) async throws -> Response {
        let (principal, couchId) = try ids(request)
        let form = try decode(GuideForm.self, request)
        let written = { (text: String?) in text.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 } }
        return try await view.submit(settingsPath(couchId), done: view.language(request)["guideSaved"]) {
            let contact = CouchGuide.HostContact(name: written(form.hostName), phone: written(form.hostPhone))
            _ = try await guides.replace(
                couchId: couchId,
                with: CouchGuide(
                    wifiName: written(form.wifiName), wifiPassword: written(form.wifiPassword), arrival: written(form.arrival),
                    departure: written(form.departure), houseRules: written(form.houseRules), parking: written(form.parking),
                    hostContact: contact.name == nil && contact.phone == nil ? nil : contact),
                by: principal)
        }
    }

    @Sendable func saveCodes(_ request: Request) async throws -> Response {
        let (principal, couchId) = try ids(request)
        let form = try decode(CodeSettingsForm.self, request)
        return try await view.submit(settingsPath(couchId), done: view.language(request)["codesSaved"]) {
            _ = try await codes.changeSettings(
                couchId: couchId, length: try ConsoleField.number(form.length, "length"),
                leadMinutes: try ConsoleField.number(form.leadMinutes, "leadMinutes"),
                graceMinutes: try ConsoleField.number(form.graceMinutes, "graceMinutes"),
                revealHours: try ConsoleField.number(form.revealHours, "revealHours"), by: principal)
        }
    }

    struct CalendarForm: Content {
        var url: String?
        var name: String?
    }

    @Sendable func addCalendar(_ request: Request) async throws -> Response {
        let (principal, couchId) = try ids(request)
        let form = try decode(CalendarForm.self, request)
        return try await view.submit(settingsPath(couchId), done: view.language(request)["calendarAdded"]) {
            _ = try await feeds.add(couchId: couchId, url: form.url ?? "", name: form.name.flatMap { $0.isEmpty ? nil : $0 }, by: principal)
        }
    }

    @Sendable func syncCalendar(_ request: Request) async throws -> Response {
        let (principal, couchId) = try ids(request)
        let feedId = try request.uuid("feedId", as: "feedId")
        let t = view.language(request)
        var failed: String?
        let response = try await view.submit(settingsPath(couchId), done: t["calendarSynced"]) {
            failed = try await feeds.syncNow(feedId, couchId: couchId, by: principal).lastError
        }
        return failed.map { view.redirect(settingsPath(couchId), notice: t("feedError", ["error": $0])) } ?? response
    }

    @Sendable func removeCalendar(_ request: Request) async throws -> Response {
        let (principal, couchId) = try ids(request)
        let feedId = try request.uuid("feedId", as: "feedId")
        _ = try await couches.hosted(couchId, by: principal)
        let t = view.language(request)
        return try await view.remove(settingsPath(couchId), done: t["calendarRemoved"], gone: t["calendarGone"]) {
            try await feeds.remove(feedId, couchId: couchId, by: principal)
        }
    }

    struct HubForm: Content {
        var baseUrl: String?
        var apiToken: String?
    }

    @Sendable func saveHub(_ request: Request) async throws -> Response {
        let (principal, couchId) = try ids(request)
        let form = try decode(HubForm.self, request)
        return try await view.submit(settingsPath(couchId), done: view.language(request)["hubSaved"]) {
            _ = try await hubs.configure(couchId: couchId, baseURL: form.baseUrl ?? "", apiToken: form.apiToken ?? "", by: principal)
        }
    }

    private func ids(_ request: Request) throws -> (Principal, UUID) {
        (try request.console.principal, try request.uuid("couchId", as: "couchId"))
    }

    /// A form's fields, each text (numbers are read as `ConsoleField` reads them): a body that is
    /// no form at all is the only failure left here.
    private func decode<Form: Content>(_ type: Form.Type, _ request: Request) throws -> Form {
        do {
            return try request.content.decode(type)
        } catch {
            throw AppError.badRequest("the form could not be read")
        }
    }

    private func settingsPath(_ couchId: UUID) -> String { "/console/couches/\(couchId.uuidString.lowercased())/settings" }
}
