import Vapor

/// `/rest/items/{name}/…` beyond the item itself: its tags, group members and metadata, one at a time
/// (administrators change them; users may list the metadata namespaces). Answers carry no body.
struct ItemPartRoutes {
    let hub: Hub

    func register(on routes: any RoutesBuilder) {
        let item = routes.grouped("rest", "items", ":item")
        for (method, add) in [(HTTPMethod.PUT, true), (.DELETE, false)] {
            item.on(method, "tags", ":tag") { request async throws -> Response in
                let name = try request.itemName()
                try request.require(.administrator)
                try await hub.setTag(request.parameters.get("tag") ?? "", on: name, add)
                return .empty(.ok)
            }
            item.on(method, "members", ":member") { request async throws -> Response in
                let group = try request.itemName()
                guard let member = request.parameters.get("member"), Names.isItemPath(member) else { throw RESTFailure.notFound }
                try request.require(.administrator)
                try await hub.setMembership(of: member, in: group, add)
                return .empty(.ok)
            }
        }
        item.put("metadata", ":namespace") { request async throws -> Response in
            let name = try request.itemName()
            try request.require(.administrator)
            let body = try request.content.decode(MetadataBody.self)
            let created = try await hub.putMetadata(name, namespace: request.parameters.get("namespace") ?? "", body)
            return .empty(created ? .created : .ok)
        }
        item.delete("metadata", ":namespace") { request async throws -> Response in
            let name = try request.itemName()
            try request.require(.administrator)
            try await hub.deleteMetadata(name, namespace: request.parameters.get("namespace") ?? "")
            return .empty(.ok)
        }
        item.get("metadata", "namespaces") { request async throws -> Response in
            let name = try request.itemName()
            try request.require(.user)
            return .json(try await hub.metadataNamespaces(of: name))
        }
    }
}
