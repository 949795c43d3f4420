import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Smart devices: the original system's /home endpoints, plus hubs, grants and the access log.
struct HomeController {
    let hubs: HubService
    let devices: DeviceService
    let provisioning: DeviceProvisioning
    let commands: DeviceCommands
    let grants: GrantService
    let access: HomeAccess

    func register(authenticated: any RoutesBuilder) {
        let home = authenticated.grouped("home")
        home.get("types", use: types)
        home.get("types", "properties", ":configurationType", use: fittingChannels)
        home.put("hub", ":couchId", use: configureHub)
        home.get("hub", ":couchId", use: hubStatus)
        home.get("things", ":couchId", use: things)
        home.post("items", use: createDevice)
        home.get("items", ":id", use: devicesOnCouch)
        home.delete("items", ":id", use: deleteDevice)
        home.get("item", ":configurationId", use: device)
        home.get("properties", ":configurationId", use: properties)
        home.post("properties", use: setProperty)
        home.post("switch", ":itemId", use: toggle)
        home.post("grants", use: grant)
        home.get("grants", ":id", use: grantsOnCouch)
        home.delete("grants", ":id", use: revokeGrant)
        home.get("log", ":couchId", use: log)
    }

    @Sendable func types(_ request: Request) async throws -> [String] {
        _ = try request.principal
        return DeviceType.allCases.map(\.rawValue)
    }

    @Sendable func fittingChannels(_ request: Request) async throws -> [FittingChannelBody] {
        let raw = request.parameters.get("configurationType") ?? ""
        guard let type = DeviceType(rawValue: raw) else {
            throw AppError.notFound("no device type \(raw); the types are \(DeviceType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let couchId = try request.query.get(UUID?.self, at: "couchId") else {
            throw AppError.invalid("couchId", "name the couch whose hub to look in with ?couchId=")
        }
        return try await provisioning.fittingChannels(type: type, couchId: couchId, by: request.principal).map { thing, channel in
            FittingChannelBody(thingUID: thing.uid.rawValue, thingLabel: thing.label, channelUID: channel.uid.rawValue,
                               channelId: channel.id, itemType: channel.itemType?.rawValue, label: channel.label)
        }
    }

    @Sendable func configureHub(_ request: Request) async throws -> HubStatusBody {
        let input = try request.body(HubInput.self)
        let couchId = try request.uuid("couchId")
        return HubStatusBody(try await spelling(["baseURL": "baseUrl"]) {
            try await hubs.configure(couchId: couchId, baseURL: input.baseUrl, apiToken: input.apiToken, by: request.principal)
        })
    }

    @Sendable func hubStatus(_ request: Request) async throws -> HubStatusBody {
        let couchId = try request.uuid("couchId")
        var body = HubStatusBody(try await hubs.status(couchId: couchId, by: request.principal))
        (body.cleanupPending, body.cleanupError) = try await provisioning.pendingCleanup(couchId: couchId)
        return body
    }

    @Sendable func things(_ request: Request) async throws -> [ThingBody] {
        try await hubs.things(couchId: request.uuid("couchId"), by: request.principal).map(ThingBody.init)
    }

    @Sendable func createDevice(_ request: Request) async throws -> Response {
        let input = try request.body(DeviceInput.self)
        guard let type = DeviceType(rawValue: input.type) else {
            throw AppError.invalid("type", "must be one of \(DeviceType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let device = try await provisioning.create(.init(
            couchId: input.couchId, name: input.name, type: type, thingUID: input.thingUID,
            guestControllable: input.guestControllable,
            codeSlots: input.codeSlots.map { CodeSlots(first: $0.first, last: $0.last) }, takeOverCodeSlots: input.codeSlots?.takeOver ?? false,
            properties: (input.properties ?? []).map { ($0.channelUID, $0.initialState?.text) }
        ), by: request.principal)
        return try await DeviceBody(device).encodeResponse(status: .created, for: request)
    }

    @Sendable func devicesOnCouch(_ request: Request) async throws -> [DeviceBody] {
        try await devices.devices(onCouch: request.uuid("id", as: "couchId"), by: request.principal).map(DeviceBody.init)
    }

    @Sendable func deleteDevice(_ request: Request) async throws -> HTTPStatus {
        try await provisioning.delete(request.uuid("id", as: "configurationId"), by: request.principal)
        return .noContent
    }

    @Sendable func device(_ request: Request) async throws -> DeviceBody {
        DeviceBody(try await devices.device(request.uuid("configurationId"), by: request.principal))
    }

    @Sendable func properties(_ request: Request) async throws -> [DeviceItemBody] {
        DeviceBody(try await devices.device(request.uuid("configurationId"), by: request.principal)).items
    }

    @Sendable func setProperty(_ request: Request) async throws -> Response {
        let input = try request.body(SetPropertyInput.self)
        return try await CommandResultBody.response(to: request, try await spelling(["item": "itemId", "command": "state"]) {
            try await commands.set(itemId: input.itemId, to: input.state.text, password: input.password, by: request.principal)
        })
    }

    @Sendable func toggle(_ request: Request) async throws -> Response {
        let itemId = try request.uuid("itemId")
        // The body is optional: only unlocking after an old login needs it, for the password.
        let password = request.body.data?.readableBytes ?? 0 > 0 ? try request.body(CommandAuthentication.self).password : nil
        return try await CommandResultBody.response(to: request, try await spelling(["item": "itemId"]) {
            try await commands.toggle(itemId: itemId, password: password, by: request.principal)
        })
    }

    @Sendable func grant(_ request: Request) async throws -> Response {
        let input = try request.body(GrantInput.self)
        let grant = try await grants.grant(couchId: input.couchId, userId: input.userId, startsAt: input.startsAt, endsAt: input.endsAt, by: request.principal)
        return try await GrantBody(grant).encodeResponse(status: .created, for: request)
    }

    @Sendable func grantsOnCouch(_ request: Request) async throws -> [GrantBody] {
        try await grants.grants(couchId: request.uuid("id", as: "couchId"), by: request.principal).map(GrantBody.init)
    }

    @Sendable func revokeGrant(_ request: Request) async throws -> HTTPStatus {
        try await grants.revoke(request.uuid("id", as: "grantId"), by: request.principal)
        return .noContent
    }

    @Sendable func log(_ request: Request) async throws -> AccessLogPage {
        let couchId = try request.uuid("couchId")
        let query = try PageQuery(request, defaultLimit: 50, formerCursorName: "before")
        let page = try await access.entries(couchId: couchId, for: request.principal, after: query.cursor, limit: query.limit)
        return AccessLogPage(items: page.items.map(AccessLogEntryBody.init), nextCursor: page.next?.token)
    }
}
