import Foundation
import HTTPTransport
import Logging
import ServiceContextModule

/// Every log line of the process passes through here before it is written, the libraries' own
/// (Vapor prints whole request heads at trace level) as well as ours: credentials in headers and
/// stay-link tokens in paths are masked, whoever logged them and at whatever level. Control
/// characters are written as escapes, so that text from a request or a peer (a path, a hub's error)
/// cannot start a line of its own or colour the terminal. A line written on behalf of a request
/// (a service's, a repository's) names the request's id.
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
        var metadata = event.metadata?.mapValues { Logger.Metadata.Value.string(Self.cleaned("\($0)")) }
        if wrapped[metadataKey: "request-id"] == nil, metadata?["request-id"] == nil, let requestID = ServiceContext.current?.requestID {
            metadata = (metadata ?? [:]).merging(["request-id": .string(requestID)]) { old, _ in old }
        }
        event.metadata = metadata
        event.message = "\(Self.cleaned(event.message.description))"
        wrapped.log(event: event)
    }

    static func cleaned(_ text: String) -> String {
        escapingControls(redacted(text))
    }

    /// `\n`, `\r`, `\t` and `\u{…}` for the control characters, the rest as it is.
    static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// Credential header values (`Authorization` whatever its scheme, `X-OPENHAB-TOKEN`, cookies,
    /// API keys), credentials in a query (`?access_token=`, which clients send though it is refused)
    /// and `/stays/<token>`.
    static func redacted(_ text: String) -> String {
        guard
            text.localizedCaseInsensitiveContains("authorization") || text.localizedCaseInsensitiveContains("token")
                || text.localizedCaseInsensitiveContains("cookie") || text.localizedCaseInsensitiveContains("key")
                || text.localizedCaseInsensitiveContains("password") || text.localizedCaseInsensitiveContains("secret")
                || text.localizedCaseInsensitiveContains("appid") || text.contains("/stays/")
        else { return text }
        var result = text
        for (pattern, template) in patterns {
            result = pattern.stringByReplacingMatches(in: result, range: NSRange(result.startIndex..., in: result), withTemplate: template)
        }
        return result
    }

    private static let patterns: [(NSRegularExpression, String)] = [
        // A scheme word, then the credential up to the next header, line or the end: any scheme, any characters.
        (#"(?i)((?:proxy-)?authorization:\s*)(?:([a-z][a-z0-9_-]*)\s+)?.*?(?=; [a-z0-9-]+: |[\r\n]|$)"#, "$1$2 ****"),
        (#"(?i)((?:set-)?cookie:\s*|x-api-key:\s*).*?(?=; [a-z0-9-]+: |[\r\n]|$)"#, "$1****"),
        (#"(?i)(x-openhab-token:\s*)[^\s;,"}]+"#, "$1****"),
        (#"(/stays/)[^/\s"?;,}]+"#, "$1****"),
        (#"(?i)([?&](?:access_token|refresh_token|id_token|token|api_key|apikey|key|appid|password|secret|client_secret)=)[^&#\s"';,}]+"#, "$1****")
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }
}
