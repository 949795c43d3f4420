import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Devices: the original system's /home items and properties, and the wizard that makes them.
struct DeviceController {
    let devices: DeviceService
    let provisioning: DeviceProvisioning

    func register(authenticated: any RoutesBuilder) {
        let home = authenticated.grouped("home")
        home.get("types", use: types)
        home.get("types", "properties", ":configurationType", use: fittingChannels)
        home.post("items", use: createDevice)
        home.get("items", ":id", use: devicesOnCouch)
        home.delete("items", ":id", use: deleteDevice)
        home.get("item", ":configurationId", use: device)
        home.get("properties", ":configurationId", use: properties)
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
            FittingChannelBody(
                thingUID: thing.uid.rawValue, thingLabel: thing.label, channelUID: channel.uid.rawValue,
                channelId: channel.id, itemType: channel.itemType?.rawValue, label: channel.label)
        }
    }

    @Sendable func createDevice(_ request: Request) async throws -> Response {
        let input = try request.body(DeviceInput.self)
        guard let type = DeviceType(rawValue: input.type) else {
            throw AppError.invalid("type", "must be one of \(DeviceType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let device = try await provisioning.create(
            .init(
                couchId: input.couchId, name: input.name, type: type, thingUID: input.thingUID,
                guestControllable: input.guestControllable,
                codeSlots: input.codeSlots.map { CodeSlots(first: $0.first, last: $0.last) }, takeOverCodeSlots: input.codeSlots?.takeOver ?? false,
                room: input.room,
                properties: (input.properties ?? []).map { ($0.channelUID, $0.initialState?.text) }
            ), by: request.principal)
        return try await DeviceBody(device).encodeResponse(status: .created, for: request)
    }

    @Sendable func devicesOnCouch(_ request: Request) async throws -> [DeviceBody] {
        let room = try request.query.get(String?.self, at: "room")
        return try await devices.devices(onCouch: request.uuid("id", as: "couchId"), room: room, by: request.principal).map(DeviceBody.init)
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
}
