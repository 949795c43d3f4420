import Vapor

/// `/rest/items`
struct ItemRoutes {
    let hub: Hub

    func register(on routes: any RoutesBuilder) {
        let items = routes.grouped("rest", "items")
        items.get { request async throws -> Response in
            try request.require(.user)
            let selector = MetadataSelector(request.query[String.self, at: "metadata"])
            if request.flag("staticDataOnly", default: false) {
                return await staticItems(request, selector)
            }
            let tags = request.query[String.self, at: "tags"].map { $0.split(separator: ",").map(String.init) } ?? []
            var dtos = await hub.itemDTOs(
                type: request.query[String.self, at: "type"],
                tags: tags,
                recursive: request.flag("recursive", default: false),
                metadata: selector,
                linkBase: request.linkBase
            )
            if let fields = request.query[String.self, at: "fields"], !fields.isEmpty {
                let wanted = Set(fields.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                for index in dtos.indices { dtos[index].onlyFields = wanted }
            }
            return .json(dtos)
        }
        items.get(":item") { request async throws -> Response in
            let name = try request.itemName()
            try request.require(.user)
            let recursive = request.flag("recursive", default: true)
            let selector = MetadataSelector(request.query[String.self, at: "metadata"])
            return .json(try await hub.itemDTO(name, recursive: recursive, metadata: selector, linkBase: request.linkBase))
        }
        items.get(":item", "state") { request async throws -> Response in
            let name = try request.itemName()
            try request.require(.user)
            return .text(try await hub.stateText(of: name))
        }
        items.put(":item") { request async throws -> Response in
            let name = try request.itemName()
            try request.require(.administrator)
            let spec = try request.content.decode(SimulatorConfiguration.Item.self)
            let (item, created) = try await hub.putItem(spec, pathName: name, linkBase: request.linkBase)
            return .json(item, status: created ? .created : .ok)
        }
        items.delete(":item") { request async throws -> Response in
            let name = try request.itemName()
            try request.require(.administrator)
            try await hub.deleteItem(name)
            return .empty(.ok)
        }
        items.post(":item") { request async throws -> Response in
            let name = try request.itemName()
            try request.require(.user)
            try await hub.command(name, try request.valueText())
            return .empty(.ok)
        }
        items.put(":item", "state") { request async throws -> Response in
            let name = try request.itemName()
            try request.require(.user)
            try await hub.updateState(of: name, to: try request.valueText())
            return .empty(.accepted)
        }
    }

    /// openHAB ignores every other query then but `metadata`, and answers 304 while the items have not
    /// changed since the client's `If-Modified-Since`.
    private func staticItems(_ request: Request, _ selector: MetadataSelector) async -> Response {
        let (dtos, modified) = await hub.staticItemDTOs(metadata: selector, linkBase: request.linkBase)
        let response: Response
        if let since = request.headers.first(name: .ifModifiedSince).flatMap(HTTPDate.parse), modified <= since {
            response = .empty(.notModified)
        } else {
            response = .json(dtos)
        }
        response.headers.replaceOrAdd(name: .lastModified, value: HTTPDate.text(modified))
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, must-revalidate")
        return response
    }
}

extension Request {
    /// The `{itemname: [a-zA-Z_0-9]+}` path parameter; any other text makes the path unknown.
    func itemName() throws(RESTFailure) -> String {
        guard let name = parameters.get("item"), Names.isItemPath(name) else { throw .notFound }
        return name
    }
}
