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

    /// A scene the guest just ran from the page, and what each of its actions came to.
    typealias SceneRun = (scene: Scene, results: [SceneActionResult])

    struct Guide: Encodable {
        var hasWifi: Bool
        var wifiName: String?
        var wifiPassword: String?
        var parts: [Part]
        var hostName: String?
        var hostPhone: String?
        var hostPhoneLink: String?
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
    var thanks: String?

    /// `scenes`: those the link may run now; `ran`: the one the guest just ran, if any.
    init(_ shown: ShownStay, scenes runnable: [Scene], ran: SceneRun?, linkPath: String, language t: PageCatalogue.Language, now: Date) {
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
        phaseLabel = t["phase.\(shown.phase.rawValue)"]
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
        guide = shown.guide.flatMap { Self.guide($0, t) }
        guideLater = !ended && !codesShown ? t("guideLater", ["time": clock.moment(stay.codesVisibleFrom)]) : nil
        scenes = runnable.map { SceneButton(name: $0.name, action: "\(linkPath)/scenes/\($0.id.uuidString.lowercased())/run") }
        hasScenes = !scenes.isEmpty
        sceneRun = ran.map { Self.sceneRun($0, t) }
        checkOutAction = [.inProgress, .checkedIn].contains(shown.phase) ? "\(linkPath)/checkout" : nil
        thanks = ended ? t("thanks", ["couch": stay.couchName]) : nil
    }

    /// "Welcome: done." A guest cannot tell a failed action from one the host keeps for
    /// themselves, nor do anything different about them, so both are "not done".
    private static func sceneRun(_ run: SceneRun, _ t: PageCatalogue.Language) -> String {
        let notDone = run.results.count { [.failed, .denied].contains($0.outcome) }
        let unconfirmed = run.results.count { $0.outcome == .unconfirmed }
        let key = run.results.isEmpty ? "sceneEmpty" : notDone > 0 ? "sceneNotDone" : unconfirmed > 0 ? "sceneUnconfirmed" : "sceneDone"
        return t(key, ["scene": run.scene.name, "count": String(notDone > 0 ? notDone : unconfirmed), "total": String(run.results.count)])
    }

    private static func guide(_ written: CouchGuide, _ t: PageCatalogue.Language) -> Guide? {
        guard let guide = written.nonEmpty else { return nil }
        let parts = [("arrival", guide.arrival), ("departure", guide.departure), ("houseRules", guide.houseRules), ("parking", guide.parking)]
            .compactMap { key, text in text.map { Part(key: key, title: t[key], text: $0) } }
        let phone = guide.hostContact?.phone
        return Guide(
            hasWifi: guide.wifiName != nil || guide.wifiPassword != nil, wifiName: guide.wifiName, wifiPassword: guide.wifiPassword,
            parts: parts, hostName: guide.hostContact?.name ?? phone.map { _ in t["hostContact"] }, hostPhone: phone,
            hostPhoneLink: phone.map { $0.filter { $0 == "+" || ("0"..."9").contains($0) } })
    }
}

/// Days, times and moments as people at the couch say them: "Wed 25 Nov", "15:00", "Wed 25 Nov 15:00".
struct StayClock {
    let dayFormatter: DateFormatter
    let timeFormatter: DateFormatter
    let momentFormatter: DateFormatter

    init(language: PageCatalogue.Language, timeZone identifier: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier) ?? .gmt
        func formatter(_ format: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = language.locale
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.dateFormat = format
            return formatter
        }
        dayFormatter = formatter(language["dayFormat"])
        timeFormatter = formatter(language["timeFormat"])
        momentFormatter = formatter("\(language["dayFormat"]) \(language["timeFormat"])")
    }

    func day(_ instant: Date) -> String { dayFormatter.string(from: instant) }
    func time(_ instant: Date) -> String { timeFormatter.string(from: instant) }
    func moment(_ instant: Date) -> String { momentFormatter.string(from: instant) }
}
