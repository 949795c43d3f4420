import Foundation
import Vapor

/// An OpenTelemetry collector as far as OTLP/HTTP with JSON goes: it keeps every span posted to
/// `/v1/traces`, on 127.0.0.1.
public final class TraceCollector: Sendable {
    public let baseURL: URL
    private let app: Application
    private let spans: Spans

    public struct Span: Sendable, Equatable {
        public var traceId: String
        public var spanId: String
        public var parentSpanId: String
        public var name: String
        /// String and integer attributes, as text.
        public var attributes: [String: String]
    }

    actor Spans {
        var all: [Span] = []
        func add(_ new: [Span]) { all += new }
    }

    public static func start() async throws -> TraceCollector {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .error
        let spans = Spans()
        app.on(.POST, "v1", "traces", body: .collect(maxSize: "16mb")) { request async throws -> Response in
            let body = try JSONSerialization.jsonObject(with: Data(buffer: request.body.data ?? ByteBuffer())) as? [String: Any] ?? [:]
            await spans.add(Self.spans(in: body))
            return Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(string: "{}"))
        }
        return TraceCollector(app: app, spans: spans, baseURL: try await app.startOnLoopback())
    }

    private init(app: Application, spans: Spans, baseURL: URL) {
        self.app = app
        self.spans = spans
        self.baseURL = baseURL
    }

    public func received() async -> [Span] { await spans.all }

    public func stop() async throws { try await app.stopServing() }

    /// OTLP's JSON: `resourceSpans[].scopeSpans[].spans[]`, ids in hex (base64, as protobuf's
    /// JSON writes bytes, is turned into hex too).
    static func spans(in body: [String: Any]) -> [Span] {
        let resources = body["resourceSpans"] as? [[String: Any]] ?? []
        return resources.flatMap { resource in
            (resource["scopeSpans"] as? [[String: Any]] ?? []).flatMap { scope in
                (scope["spans"] as? [[String: Any]] ?? []).map { span in
                    var attributes: [String: String] = [:]
                    for attribute in span["attributes"] as? [[String: Any]] ?? [] {
                        guard let key = attribute["key"] as? String, let value = attribute["value"] as? [String: Any] else { continue }
                        attributes[key] = (value["stringValue"] as? String) ?? (value["intValue"].map { "\($0)" })
                    }
                    return Span(
                        traceId: hex(span["traceId"]), spanId: hex(span["spanId"]), parentSpanId: hex(span["parentSpanId"]),
                        name: span["name"] as? String ?? "", attributes: attributes)
                }
            }
        }
    }

    static func hex(_ value: Any?) -> String {
        guard let text = value as? String, !text.isEmpty else { return "" }
        if text.allSatisfy(\.isHexDigit), text.count == 32 || text.count == 16 { return text.lowercased() }
        guard let bytes = Data(base64Encoded: text) else { return text }
        return bytes.map { String(format: "%02x", $0) }.joined()
    }
}
