import Foundation
import Logging
import SmartCouchDomain
import Synchronization

/// `LOG_FORMAT=json`: one JSON object a line on standard output, for log shippers:
/// `{"time", "level", "message", "logger", "requestId"?, "metadata"?}`.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        let requestID = merged.removeValue(forKey: "request-id")
        var text = #"{"time":"# + Self.quoted(Date.now.formatted(Self.time))
        text += #","level":"# + Self.quoted(event.level.rawValue)
        text += #","message":"# + Self.quoted(event.message.description)
        text += #","logger":"# + Self.quoted(label)
        if let requestID { text += #","requestId":"# + Self.quoted(requestID.description) }
        if !merged.isEmpty { text += #","metadata":"# + Self.json(.dictionary(merged)) }
        text += "}\n"
        StandardOutput.emit(text)
    }

    private static let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .stringConvertible(let convertible): quoted(convertible.description)
        case .array(let values): "[" + values.map(json).joined(separator: ",") + "]"
        case .dictionary(let values):
            "{" + values.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String { JSONTreeWriter.quoted(text) }
}

/// Whole lines to standard output, one writer at a time, so that lines from concurrent requests
/// never interleave.
enum StandardOutput {
    private static let lock = Mutex(())

    static func emit(_ text: String) {
        lock.withLock { _ in
            var text = text
            text.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(1, bytes.baseAddress! + offset, bytes.count - offset)
                    if written <= 0 { if errno == EINTR { continue } else { return } }
                    offset += written
                }
            }
        }
    }
}
