import ServiceContextModule

/// The id of the inbound request on whose behalf a task works, in the task's service context:
/// outbound clients send it on (`X-Request-Id`) and the log handler names it on every line, without
/// either being handed the request.
public enum RequestIDKey: ServiceContextKey {
    public typealias Value = String
    public static var nameOverride: String? { "request-id" }
}

extension ServiceContext {
    public var requestID: String? {
        get { self[RequestIDKey.self] }
        set { self[RequestIDKey.self] = newValue }
    }
}
