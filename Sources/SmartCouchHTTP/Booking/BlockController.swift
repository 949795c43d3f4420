import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A host's blocks: dates their couch is not for booking.
struct BlockController {
    let blocks: BlockService

    func register(authenticated: any RoutesBuilder) {
        let couch = authenticated.grouped("couches", ":id", "blocks")
        couch.post(use: block)
        couch.get(use: list)
        couch.delete(":blockId", use: unblock)
    }

    @Sendable func block(_ request: Request) async throws -> Response {
        let input = try request.body(BlockInput.self)
        let block = try await blocks.block(
            couchId: request.uuid("id", as: "couch id"), from: input.from, to: input.to, reason: input.reason, by: request.principal)
        return try await BlockBody(block).encodeResponse(status: .created, for: request)
    }

    @Sendable func list(_ request: Request) async throws -> PageBody<BlockBody> {
        let query = try PageQuery(request, defaultLimit: 50)
        let page = try await blocks.blocks(
            couchId: request.uuid("id", as: "couch id"), after: query.cursor, limit: query.limit, by: request.principal)
        return PageBody(page, BlockBody.init)
    }

    @Sendable func unblock(_ request: Request) async throws -> HTTPStatus {
        try await blocks.unblock(request.uuid("blockId", as: "block id"), couchId: request.uuid("id", as: "couch id"), by: request.principal)
        return .noContent
    }
}

struct BlockInput: Content {
    var from: String
    var to: String
    var reason: String?
}

struct BlockBody: Content {
    var id: UUID
    var couchId: UUID
    var from: String
    var to: String
    var reason: String?
    var createdAt: Date

    init(_ block: Block) {
        id = block.id
        couchId = block.couchId
        from = block.stay.checkIn.description
        to = block.stay.checkOut.description
        reason = block.reason
        createdAt = block.createdAt
    }
}
