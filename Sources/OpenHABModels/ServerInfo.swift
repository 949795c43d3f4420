/// What `GET /rest/` says about the hub.
public struct ServerInfo: Decodable, Sendable, Equatable {
    public struct RuntimeInfo: Decodable, Sendable, Equatable {
        /// The openHAB version, e.g. `5.1.0`.
        public var version: String
        public var buildString: String?
    }

    /// The REST API version ("8" from openHAB 4.2 on), not the openHAB version.
    public var apiVersion: String
    public var locale: String?
    public var measurementSystem: String?
    public var timezone: String?
    public var runtimeInfo: RuntimeInfo?

    /// Whether the hub announces every state update an item takes (`openhab/items/{name}/stateupdated`),
    /// as openHAB does from 4.0 on. A hub that does not say its version is taken for one that does.
    public var sendsStateUpdates: Bool {
        guard let version = runtimeInfo?.version, let major = Int(version.prefix { $0.isNumber }) else { return true }
        return major >= 4
    }

    private enum CodingKeys: String, CodingKey {
        case apiVersion = "version"
        case locale, measurementSystem, timezone, runtimeInfo
    }
}
