import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An event stream whose client stops reading once it is subscribed, on a socket with a small
/// receive buffer, so that what the server writes soon stays unwritten; later it reads everything
/// that arrives until the server closes the connection. Blocking reads run on a thread of their own,
/// never on the concurrency pool, and each is bounded so that a server that never closes fails the
/// test instead of hanging it.
final class StalledEventStream: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Opens `GET /events` on `baseURL`'s port and returns once the server says it is subscribed.
    static func open(_ baseURL: String, token: String) async throws -> StalledEventStream {
        guard let port = URLComponents(string: baseURL)?.port else { throw Failure("no port in \(baseURL)") }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure("no socket: errno \(errno)") }
        let stream = StalledEventStream(descriptor: descriptor)
        var small: Int32 = 4096
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var bound = timeval(tv_sec: 300, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &bound, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure("no connection: errno \(errno)") }
        let request = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n\r\n"
        guard Array(request.utf8).withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == request.utf8.count else {
            throw Failure("the request was not sent: errno \(errno)")
        }
        let head = await stream.read(until: ": ready")
        guard head.contains(": ready") else { throw Failure("the stream did not say it is subscribed: \(head)") }
        return stream
    }

    /// Everything that arrives from now until the server closes the connection, and whether it did.
    func readToEnd() async -> (text: String, closedByServer: Bool) {
        let text = await read(until: nil)
        return (text, closedByServer)
    }

    /// Set once a read saw the connection's end rather than running out of time.
    private let closed = Mutex(false)
    private var closedByServer: Bool { closed.withLock { $0 } }

    private func read(until marker: String?) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in
                var received = [UInt8]()
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                    if count == 0 { closed.withLock { $0 = true } }
                    // Anything else below zero is the bound running out: the caller says what it saw.
                    if count <= 0 { break }
                    received += buffer[..<count]
                    if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
                }
                continuation.resume(returning: String(decoding: received, as: UTF8.self))
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
