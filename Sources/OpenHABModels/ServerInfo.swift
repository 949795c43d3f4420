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

    private enum CodingKeys: String, CodingKey {
        case apiVersion = "version"
        case locale, measurementSystem, timezone, runtimeInfo
    }
}
