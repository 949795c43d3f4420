import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A couch's guide for its guests, which its owner writes; guests read it with their stay.
struct GuideController {
    let guides: CouchGuideService

    func register(authenticated: any RoutesBuilder) {
        authenticated.get("couches", ":id", "guide", use: guide)
        authenticated.put("couches", ":id", "guide", use: replace)
    }

    @Sendable func guide(_ request: Request) async throws -> GuideBody {
        GuideBody(try await guides.guide(couchId: request.uuid("id", as: "couch id"), by: request.principal))
    }

    @Sendable func replace(_ request: Request) async throws -> GuideBody {
        let input = try request.body(GuideBody.self)
        return GuideBody(try await guides.replace(couchId: request.uuid("id", as: "couch id"), with: input.guide, by: request.principal))
    }
}

struct GuideBody: Content {
    struct HostContact: Content {
        var name: String?
        var phone: String?
    }

    var wifiName: String?
    var wifiPassword: String?
    var arrival: String?
    var departure: String?
    var houseRules: String?
    var parking: String?
    var hostContact: HostContact?

    init(_ guide: CouchGuide) {
        wifiName = guide.wifiName
        wifiPassword = guide.wifiPassword
        arrival = guide.arrival
        departure = guide.departure
        houseRules = guide.houseRules
        parking = guide.parking
        hostContact = guide.hostContact.map { HostContact(name: $0.name, phone: $0.phone) }
    }

    var guide: CouchGuide {
        CouchGuide(
            wifiName: wifiName, wifiPassword: wifiPassword, arrival: arrival, departure: departure, houseRules: houseRules,
            parking: parking, hostContact: hostContact.map { CouchGuide.HostContact(name: $0.name, phone: $0.phone) })
    }
}
