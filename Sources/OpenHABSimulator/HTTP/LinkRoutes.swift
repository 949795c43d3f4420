import Vapor

/// `/rest/links` (administrators only). Channel UIDs arrive URL-decoded, so `%23` is a `#`.
struct LinkRoutes {
    let hub: Hub

    func register(on routes: any RoutesBuilder) {
        let links = routes.grouped("rest", "links")
        links.get { request async throws -> Response in
            try request.require(.administrator)
            return .json(
                await hub.linkDTOs(
                    itemName: request.query[String.self, at: "itemName"],
                    channelUID: request.query[String.self, at: "channelUID"]
                ))
        }
        // Links whose item or channel is gone: here only their item can be, as things are fixed.
        links.get("orphans") { request async throws -> Response in
            try request.require(.administrator)
            return .json(await hub.orphanLinks())
        }
        links.get(":item", ":channel") { request async throws -> Response in
            try request.require(.administrator)
            let (item, channel) = request.link
            return .json(try await hub.linkDTO(item, channel))
        }
        links.put(":item", ":channel") { request async throws -> Response in
            try request.require(.administrator)
            let (item, channel) = request.link
            let body = request.body.data.map { $0.readableBytes > 0 } == true ? try request.content.decode(LinkBody.self) : nil
            try await hub.putLink(item, channel, body: body)
            return .empty(.ok)
        }
        links.delete(":item", ":channel") { request async throws -> Response in
            try request.require(.administrator)
            let (item, channel) = request.link
            try await hub.deleteLink(item, channel)
            return .empty(.ok)
        }
        // Named like the routes above, as the router requires; it holds an item name or a thing UID.
        links.delete(":item") { request async throws -> Response in
            try request.require(.administrator)
            struct Count: Encodable { var count: Int }
            return .json(Count(count: await hub.deleteLinks(of: request.parameters.get("item") ?? "")))
        }
    }
}

extension Request {
    fileprivate var link: (item: String, channel: String) {
        (parameters.get("item") ?? "", parameters.get("channel") ?? "")
    }
}
