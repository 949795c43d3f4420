import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// The access log of a couch's devices: who did what, and how it went.
struct AccessLogController {
    let access: HomeAccess

    func register(authenticated: any RoutesBuilder) {
        let home = authenticated.grouped("home")
        home.get("log", ":couchId", use: log)
    }

    @Sendable func log(_ request: Request) async throws -> PageBody<AccessLogEntryBody> {
        let couchId = try request.uuid("couchId")
        let query = try PageQuery(request, defaultLimit: 50, formerCursorName: "before")
        let page = try await access.entries(couchId: couchId, for: request.principal, after: query.cursor, limit: query.limit)
        return PageBody(page, AccessLogEntryBody.init)
    }
}
