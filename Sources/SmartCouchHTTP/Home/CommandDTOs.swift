import Foundation
import OpenHABModels
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Optional body of a command: the password, for a step-up when unlocking.
struct CommandAuthentication: Content {
    var password: String?
}

struct SetPropertyInput: Content {
    var itemId: UUID
    var state: FlexibleState
    var password: String?
}

struct CommandResultBody: Content {
    var itemId: UUID
    var itemName: String
    var state: String
    var confirmed: Bool
    var reportedState: String?

    init(_ result: DeviceCommands.CommandResult) {
        itemId = result.item.id
        itemName = result.item.itemName
        state = result.state
        confirmed = result.confirmed
        reportedState = result.reportedState
    }

    /// 200 once the device reported the new state; 202 when the command was sent but not confirmed.
    static func response(to request: Request, _ result: DeviceCommands.CommandResult) async throws -> Response {
        try await CommandResultBody(result).encodeResponse(status: result.confirmed ? .ok : .accepted, for: request)
    }
}
