import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Commands to devices: a property set, a switch toggled, each through the one command path.
struct CommandController {
    let commands: DeviceCommands

    func register(authenticated: any RoutesBuilder) {
        let home = authenticated.grouped("home")
        home.post("properties", use: setProperty)
        home.post("switch", ":itemId", use: toggle)
    }

    @Sendable func setProperty(_ request: Request) async throws -> Response {
        let input = try request.body(SetPropertyInput.self)
        return try await CommandResultBody.response(
            to: request,
            try await spelling(["item": "itemId", "command": "state"]) {
                try await commands.set(itemId: input.itemId, to: input.state.text, password: input.password, by: request.principal)
            })
    }

    @Sendable func toggle(_ request: Request) async throws -> Response {
        let itemId = try request.uuid("itemId")
        // The body is optional: only unlocking after an old login needs it, for the password.
        let password = request.body.data?.readableBytes ?? 0 > 0 ? try request.body(CommandAuthentication.self).password : nil
        return try await CommandResultBody.response(
            to: request,
            try await spelling(["item": "itemId"]) {
                try await commands.toggle(itemId: itemId, password: password, by: request.principal)
            })
    }
}
