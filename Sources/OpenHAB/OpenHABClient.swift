import Foundation
import HTTPTransport
import OpenHABModels

/// A typed client for one openHAB hub's REST API.
///
/// Every call is bounded by `requestTimeout`; failures come as `OpenHABError`, which keeps "the hub is slow",
/// "the hub is gone" and "the hub said no" apart.
public struct OpenHABClient: Sendable {
    var connection: HubConnection

    /// - Parameters:
    ///   - baseURL: where the hub serves, e.g. `http://openhab.local:8080` (the `/rest` part is added here).
    ///   - token: an API token (`oh.…`), sent as `Authorization: Bearer`; nil for anonymous access.
    ///   - requestTimeout: the most any one call may take, from start to the last byte.
    ///   - egress: which addresses the hub may be at: trusted for the operator's own hub, policed
    ///     for one a user named.
    ///   - transport: carries the calls; one is shared by every client that names none.
    public init(
        baseURL: URL, token: String?, requestTimeout: Duration = .seconds(5), egress: Egress,
        transport: any Transport = CurlTransport.shared
    ) {
        connection = HubConnection(baseURL: baseURL, token: token, requestTimeout: requestTimeout, egress: egress, transport: transport)
    }

    /// The same client with calls bounded by `timeout` instead.
    public func within(_ timeout: Duration) -> OpenHABClient {
        var copy = self
        copy.connection.requestTimeout = timeout
        return copy
    }

    /// The same client with its calls carried by `transport`: an event stream held for a while then
    /// takes none of the connections that other calls to the hub need.
    public func over(_ transport: any Transport) -> OpenHABClient {
        var copy = self
        copy.connection.transport = transport
        return copy
    }

    public func serverInfo() async throws(OpenHABError) -> ServerInfo {
        let reply = try await connection.send("GET", "/rest/")
        try reply.expect(200)
        return try reply.decode(ServerInfo.self)
    }

    /// Every Thing of the hub; with `summary`, without their channels and configuration (a keypad's
    /// codes among them), for a caller that wants only what and how they are.
    public func things(summary: Bool = false) async throws(OpenHABError) -> [Thing] {
        let reply = try await connection.send("GET", "/rest/things", query: summary ? [URLQueryItem(name: "summary", value: "true")] : [])
        try reply.expect(200)
        return try reply.decode([Thing].self)
    }

    public func thing(_ uid: ThingUID) async throws(OpenHABError) -> Thing {
        let reply = try await connection.send("GET", "/rest/things/\(PathSegment.encode(uid.rawValue))")
        try reply.expect(200)
        return try reply.decode(Thing.self)
    }

    /// How the Thing is (`GET /rest/things/{uid}/status`): its status alone, without the channels and
    /// configuration (a keypad's codes among them) that the whole Thing carries.
    public func thingStatus(_ uid: ThingUID) async throws(OpenHABError) -> ThingStatusInfo {
        let reply = try await connection.send("GET", "/rest/things/\(PathSegment.encode(uid.rawValue))/status")
        try reply.expect(200)
        return try reply.decode(ThingStatusInfo.self)
    }

    /// Changes only the named configuration parameters (`PUT /rest/things/{uid}/config`, admin);
    /// answers the Thing as it is now. The hub accepts before the device confirms: read it back later.
    public func configure(_ uid: ThingUID, _ changes: [String: String]) async throws(OpenHABError) -> Thing {
        let reply = try await connection.send(
            "PUT", "/rest/things/\(PathSegment.encode(uid.rawValue))/config", body: .json(encode(changes)))
        try reply.expect(200)
        return try reply.decode(Thing.self)
    }

    /// All items, or those of exactly `type` (`Number` does not match `Number:Temperature`) carrying every tag in `tags`.
    public func items(type: ItemType? = nil, tags: [String] = []) async throws(OpenHABError) -> [Item] {
        var query: [URLQueryItem] = []
        if let type { query.append(URLQueryItem(name: "type", value: type.rawValue)) }
        if !tags.isEmpty { query.append(URLQueryItem(name: "tags", value: tags.joined(separator: ","))) }
        let reply = try await connection.send("GET", "/rest/items", query: query)
        try reply.expect(200)
        return try reply.decode([Item].self)
    }

    public func item(_ name: ItemName) async throws(OpenHABError) -> Item {
        let reply = try await connection.send("GET", "/rest/items/\(name)")
        try reply.expect(200)
        return try reply.decode(Item.self)
    }

    /// The item's state as text, read without knowing the item's type (see `State.init(parsing:)`).
    public func state(of name: ItemName) async throws(OpenHABError) -> State {
        let reply = try await connection.send("GET", "/rest/items/\(name)/state")
        try reply.expect(200)
        return State(parsing: reply.text)
    }

    /// Creates the item, or replaces it (and its state) if it exists.
    public func putItem(_ definition: ItemDefinition) async throws(OpenHABError) -> ItemPutResult {
        let body = encode(definition)
        let reply = try await connection.send("PUT", "/rest/items/\(definition.name)", body: .json(body))
        try reply.expect(200, 201)
        return ItemPutResult(item: try reply.decode(Item.self), created: reply.status == 201)
    }

    /// Deletes the item. Its links stay on the hub; remove them with `unlink`.
    public func deleteItem(_ name: ItemName) async throws(OpenHABError) {
        let reply = try await connection.send("DELETE", "/rest/items/\(name)")
        try reply.expect(200)
    }

    /// Sends a command, after checking that an item of `type` accepts it. The hub answers once the command is
    /// on its event bus, before any device acted on it.
    public func send(_ command: Command, to name: ItemName, ofType type: ItemType) async throws(OpenHABError) {
        guard command.isAccepted(by: type) else {
            throw .commandNotAccepted(command: command.rawValue, itemType: type.rawValue)
        }
        let reply = try await connection.send("POST", "/rest/items/\(name)", body: .text(command.rawValue))
        try reply.expect(200)
    }

    /// Sets the item's state directly, as a binding would, after checking that an item of `type` can hold it.
    public func updateState(of name: ItemName, ofType type: ItemType, to state: State) async throws(OpenHABError) {
        guard state.isAccepted(by: type) else {
            throw .stateNotAccepted(state: state.rawValue, itemType: type.rawValue)
        }
        let reply = try await connection.send("PUT", "/rest/items/\(name)/state", body: .text(state.rawValue))
        try reply.expect(202)
    }

    public func links(itemName: ItemName? = nil, channelUID: ChannelUID? = nil) async throws(OpenHABError) -> [Link] {
        var query: [URLQueryItem] = []
        if let itemName { query.append(URLQueryItem(name: "itemName", value: itemName.rawValue)) }
        if let channelUID { query.append(URLQueryItem(name: "channelUID", value: channelUID.rawValue)) }
        let reply = try await connection.send("GET", "/rest/links", query: query)
        try reply.expect(200)
        return try reply.decode([Link].self)
    }

    /// Links the item to the channel, or updates the link's configuration. The hub checks that item, thing and
    /// channel exist, not that their types fit.
    public func link(_ name: ItemName, to channel: ChannelUID, configuration: [String: JSONValue] = [:]) async throws(OpenHABError) {
        let body = encode(Link(itemName: name, channelUID: channel, configuration: configuration))
        let reply = try await connection.send("PUT", Self.linkPath(name, channel), body: .json(body))
        try reply.expect(200)
    }

    public func unlink(_ name: ItemName, from channel: ChannelUID) async throws(OpenHABError) {
        let reply = try await connection.send("DELETE", Self.linkPath(name, channel))
        try reply.expect(200)
    }

    private static func linkPath(_ name: ItemName, _ channel: ChannelUID) -> String {
        "/rest/links/\(name)/\(PathSegment.encode(channel.rawValue))"
    }

    private func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        // The only way encoding these bodies could fail is a non-finite number in a link configuration.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try! encoder.encode(value)
    }
}

/// Percent-encodes one path segment. openHAB URL-decodes path parameters, so `:` may stay, but `#` (in channel
/// ids such as `group#id`) must become `%23` or it would start the URL's fragment.
enum PathSegment {
    private static let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~:")

    static func encode(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: allowed)!
    }
}
