import Foundation
import SmartCouchDomain
import SmartCouchServices

/// What the guest's page shows, every text already in the guest's language and every time in the
/// couch's time zone. The template only places it; Leaf escapes all of it.
struct StayPage: Encodable {
    struct Code: Encodable {
        var door: String
        var code: String
        var state: String
        var window: String
        var status: String
    }

    struct Part: Encodable {
        var key: String
        var title: String
        var text: String
    }

    /// A button that runs one of the couch's scenes: a form posting to `action`.
    struct SceneButton: Encodable {
        var name: String
        var action: String
    }

    /// The host, as a guest reaches them: by name, and by a phone number to tap.
    struct Contact: Encodable {
        var name: String
        var phone: String?
        var phoneLink: String?
    }

    struct Guide: Encodable {
        var hasWifi: Bool
        var wifiName: String?
        var wifiPassword: String?
        var parts: [Part]
        var host: Contact?
    }

    /// A stay checked out or past its end: when it ended, and whom to ask about a forgotten item.
    struct Over: Encodable {
        var message: String
        var host: Contact?
    }

    var lang: String
    var t: [String: String]
    var title: String
    var couchName: String
    var imageURL: String?
    var street: String
    var place: String
    var mapURL: String?
    var phase: String
    var phaseLabel: String
    var checkIn: String
    var checkOut: String
    var codes: [Code]
    var hasCodes: Bool
    var noCodes: Bool
    var codesLater: String?
    var guide: Guide?
    var guideLater: String?
    var scenes: [SceneButton]
    var hasScenes: Bool
    var sceneRun: String?
    var checkOutAction: String?
    var over: Over?

    /// `scenes`: those the link may run now; `ran`: what the one the guest just ran came to, if any.
    init(
        _ shown: ShownStay, scenes runnable: [Scene], ran: SceneRunNotice?, linkPath: String, language t: PageCatalogue.Language, now: Date
    ) {
        let stay = shown.stay
        let clock = StayClock(language: t, timeZone: stay.timeZone)
        lang = t.code
        self.t = t.strings
        title = t("stayTitle", ["couch": stay.couchName])
        couchName = stay.couchName
        imageURL = stay.imageId.map { "/images/\($0.uuidString.lowercased())" }
        street = stay.address
        place = "\(stay.city), \(stay.country)"
        if let latitude = stay.latitude, let longitude = stay.longitude {
            mapURL = "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=17/\(latitude)/\(longitude)"
        }
        phase = shown.phase.rawValue
        // An app reads `checkedOut` for both; a guest is told whether they left or the stay ran out.
        phaseLabel = shown.phase == .checkedOut && stay.presence.checkedOutAt == nil ? t["phase.ended"] : t["phase.\(shown.phase.rawValue)"]
        let window = StayWindow(
            checkIn: stay.stay.checkIn, checkOut: stay.stay.checkOut, checkInTime: stay.checkInTime, checkOutTime: stay.checkOutTime,
            timeZone: stay.timeZone)
        checkIn = window.map { t("checkInAt", ["day": clock.day($0.start), "time": clock.time($0.start)]) } ?? stay.stay.checkIn.description
        checkOut = window.map { t("checkOutAt", ["day": clock.day($0.end), "time": clock.time($0.end)]) } ?? stay.stay.checkOut.description
        codes = shown.codes.map { code in
            Code(
                door: code.deviceName ?? t["unnamedDoor"], code: code.code, state: code.state.rawValue,
                window: t("codeWorks", ["from": clock.moment(code.validFrom), "until": clock.moment(code.validUntil)]),
                status: code.state == .active
                    ? t["codeOnLock"]
                    : code.validFrom > now ? t("codeOnLockFrom", ["time": clock.moment(code.validFrom)]) : t["codeBeingSet"])
        }
        hasCodes = !codes.isEmpty
        let ended = shown.phase == .checkedOut
        let codesShown = now >= stay.codesVisibleFrom
        codesLater = !ended && !codesShown ? t("codesLater", ["time": clock.moment(stay.codesVisibleFrom)]) : nil
        noCodes = !ended && codesShown && codes.isEmpty
        guide = ended ? nil : shown.guide.flatMap { Self.guide($0, t) }
        guideLater = !ended && !codesShown ? t("guideLater", ["time": clock.moment(stay.codesVisibleFrom)]) : nil
        scenes = runnable.map { SceneButton(name: $0.name, action: "\(linkPath)/scenes/\($0.id.uuidString.lowercased())/run") }
        hasScenes = !scenes.isEmpty
        sceneRun = ran.flatMap { notice in runnable.first { $0.id == notice.sceneId }.map { notice.text(scene: $0.name, t) } }
        checkOutAction = [.inProgress, .checkedIn].contains(shown.phase) ? "\(linkPath)/checkout" : nil
        over = ended ? Self.over(shown, window: window, clock, t) : nil
    }

    /// When the stay ended and how: checked out by the guest, by the host, or simply over.
    private static func over(_ shown: ShownStay, window: StayWindow?, _ clock: StayClock, _ t: PageCatalogue.Language) -> Over {
        let stay = shown.stay
        let message: String
        if let left = stay.presence.checkedOutAt {
            let key = stay.presence.checkedOutVia == .host ? "hostCheckedOutOn" : "checkedOutOn"
            message = t(key, ["couch": stay.couchName, "time": clock.moment(left)])
        } else {
            message = t("stayEndedOn", ["couch": stay.couchName, "time": clock.moment(window?.end ?? stay.accessUntil)])
        }
        return Over(message: message, host: shown.guide?.hostContact.flatMap { contact($0, t) })
    }

    private static func contact(_ contact: CouchGuide.HostContact, _ t: PageCatalogue.Language) -> Contact? {
        guard contact.name != nil || contact.phone != nil else { return nil }
        return Contact(
            name: contact.name ?? t["hostContact"], phone: contact.phone,
            phoneLink: contact.phone.map { $0.filter { $0 == "+" || ("0"..."9").contains($0) } })
    }

    private static func guide(_ written: CouchGuide, _ t: PageCatalogue.Language) -> Guide? {
        guard let guide = written.nonEmpty else { return nil }
        let parts = [("arrival", guide.arrival), ("departure", guide.departure), ("houseRules", guide.houseRules), ("parking", guide.parking)]
            .compactMap { key, text in text.map { Part(key: key, title: t[key], text: $0) } }
        return Guide(
            hasWifi: guide.wifiName != nil || guide.wifiPassword != nil, wifiName: guide.wifiName, wifiPassword: guide.wifiPassword,
            parts: parts, host: guide.hostContact.flatMap { contact($0, t) })
    }
}

/// Days, times and moments as people at the couch say them: "Wed 25 Nov", "15:00", "Wed 25 Nov 15:00".
struct StayClock {
    let dayFormatter: DateFormatter
    let timeFormatter: DateFormatter
    let momentFormatter: DateFormatter

    init(language: PageCatalogue.Language, timeZone identifier: String) {
        let locale = language.locale
        let timeZone = TimeZone(identifier: identifier) ?? .gmt
        dayFormatter = PageFormatters.date(language["dayFormat"], locale: locale, timeZone: timeZone)
        timeFormatter = PageFormatters.date(language["timeFormat"], locale: locale, timeZone: timeZone)
        momentFormatter = PageFormatters.date("\(language["dayFormat"]) \(language["timeFormat"])", locale: locale, timeZone: timeZone)
    }

    func day(_ instant: Date) -> String { dayFormatter.string(from: instant) }
    func time(_ instant: Date) -> String { timeFormatter.string(from: instant) }
    func moment(_ instant: Date) -> String { momentFormatter.string(from: instant) }
}
