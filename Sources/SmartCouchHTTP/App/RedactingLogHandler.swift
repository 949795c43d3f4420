import Foundation
import HTTPTransport
import Logging
import ServiceContextModule

/// Every log line of the process passes through here before it is written, the libraries' own
/// (Vapor prints whole request heads at trace level) as well as ours: credentials in headers and
/// stay-link tokens in paths are masked, whoever logged them and at whatever level. A line written
/// on behalf of a request (a service's, a repository's) names the request's id.
struct RedactingLogHandler: LogHandler {
    var wrapped: any LogHandler

    var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        var metadata = event.metadata?.mapValues { Logger.Metadata.Value.string(Self.redacted("\($0)")) }
        if wrapped[metadataKey: "request-id"] == nil, metadata?["request-id"] == nil, let requestID = ServiceContext.current?.requestID {
            metadata = (metadata ?? [:]).merging(["request-id": .string(requestID)]) { old, _ in old }
        }
        event.metadata = metadata
        event.message = "\(Self.redacted(event.message.description))"
        wrapped.log(event: event)
    }

    /// `Authorization: Bearer …` and `X-OPENHAB-TOKEN: …` header values, and `/stays/<token>`.
    static func redacted(_ text: String) -> String {
        guard text.localizedCaseInsensitiveContains("authorization") || text.localizedCaseInsensitiveContains("token")
                || text.contains("/stays/") else { return text }
        var result = text
        for (pattern, template) in patterns {
            result = pattern.stringByReplacingMatches(in: result, range: NSRange(result.startIndex..., in: result), withTemplate: template)
        }
        return result
    }

    private static let patterns: [(NSRegularExpression, String)] = [
        (#"(?i)(authorization:\s*)(?:(bearer|basic)\s+)?[^\s;,"}]+"#, "$1$2 ****"),
        (#"(?i)(x-openhab-token:\s*)[^\s;,"}]+"#, "$1****"),
        (#"(/stays/)[^/\s"?;,}]+"#, "$1****"),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }
}
