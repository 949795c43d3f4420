import NIOCore
import SmartCouchServices

/// Writes a stream's items as `text/event-stream`: each event's id, type and JSON, a comment for a
/// keep-alive. A frame is built once from the event's text, so a stream costs the bytes it sends.
enum ServerSentEventFrames {
    /// The first bytes: how long a client waits before reconnecting, and word that it is subscribed.
    static let opening = ByteBuffer(string: "retry: 2000\n: ready\n\n")

    /// A comment every stream gets at once when idle: one buffer, shared.
    static let keepAlive = ByteBuffer(string: ": keep-alive\n\n")

    static func frame(_ item: EventRelay.Item) -> ByteBuffer {
        switch item {
        case .keepAlive:
            return keepAlive
        case .event(let event):
            var buffer = ByteBufferAllocator().buffer(capacity: event.envelope.utf8.count + event.type.utf8.count + 40)
            buffer.writeString("id: \(event.id)\nevent: \(event.type)\n")
            // The database writes JSON on one line; a line break inside would still be its own data line.
            for line in event.envelope.split(separator: "\n", omittingEmptySubsequences: false) {
                buffer.writeString("data: ")
                buffer.writeSubstring(line)
                buffer.writeString("\n")
            }
            buffer.writeString("\n")
            return buffer
        }
    }
}
