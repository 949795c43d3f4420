import Foundation
import Logging
import OTel
import ServiceLifecycle
import Tracing

/// With `OTEL_EXPORTER_OTLP_ENDPOINT` set, bootstraps an OpenTelemetry tracer (traces only,
/// OTLP over HTTP, protobuf unless `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`; the other standard
/// `OTEL_*` variables apply) and returns its exporter, which the service group runs and stops
/// last, flushing what is left. Without it no tracer is bootstrapped and every span is a no-op.
///
/// The collector is the operator's own, like the database, so its address is not subject to the
/// egress policy, which guards the addresses hosts give (hubs, calendars).
func bootstrapTracing(_ environment: [String: String], logger: Logger) throws -> (any Service)? {
    guard let endpoint = environment["OTEL_EXPORTER_OTLP_ENDPOINT"], !endpoint.isEmpty else { return nil }
    var configuration = OTel.Configuration.default
    configuration.serviceName = "smartcouch"
    configuration.logs.enabled = false
    configuration.metrics.enabled = false
    configuration.traces.otlpExporter.protocol = .httpProtobuf
    // Its own lines go through the server's handler (masked, in LOG_FORMAT) and only from warning
    // up: at info it logs every OTEL_* value it read, the exporter's headers (credentials) included.
    configuration.diagnosticLogger = .custom(Logger(label: "swift-otel"))
    configuration.diagnosticLogLevel = .warning
    let backend = try OTel.makeTracingBackend(configuration: configuration)
    InstrumentationSystem.bootstrap(backend.factory)
    logger.info("traces go to \(endpointWithoutCredentials(endpoint)) over OTLP/HTTP")
    return backend.service
}

/// Scheme, host, port and path: a user and password in the URL, or a key in its query, stay out of the log.
private func endpointWithoutCredentials(_ endpoint: String) -> String {
    guard var components = URLComponents(string: endpoint) else { return "the configured endpoint" }
    components.user = nil
    components.password = nil
    components.query = nil
    return components.string ?? "the configured endpoint"
}
