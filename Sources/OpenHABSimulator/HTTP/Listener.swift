import Foundation
import NIOCore
import Vapor

/// Opens and closes the simulator's listening socket. While closed, connections are refused (the hub "is
/// gone"); its state is kept for when it opens again on the same port.
actor Listener {
    enum Target: Sendable {
        case accepting, refusing, closed
    }

    private var server: HTTPServer?
    private let hub: Hub
    private var target: Target = .accepting
    /// Changes run one after another: a server that is still closing cannot be started.
    private var lastChange: Task<Void, any Error>?
    private var hold: PortHold?

    init(hub: Hub) {
        self.hub = hub
    }

    /// The server to control, once the simulator has made it.
    func attach(_ server: HTTPServer) {
        self.server = server
    }

    func move(to next: Target) async throws {
        guard let server, target != .closed, target != next else { return }
        let (previous, from) = (lastChange, target)
        target = next
        let change = Task { [self, server, hub] in
            _ = await previous?.result
            switch (from, next) {
            case (.accepting, _):
                let address = server.localAddress
                // Open event streams would keep the server from closing; a hub that goes away ends them too.
                await hub.disconnectSubscribers()
                // Closing its descriptors is not enough if a child process of the host has copies of them.
                let sockets = address?.port.map(BoundSockets.init(port:))
                await server.shutdown()
                sockets?.shutDown()
                if next == .refusing, let address { try self.holdPort(address) }
            case (.refusing, .accepting):
                self.releasePort()
                try await server.start(address: nil)
            case (.refusing, .closed):
                self.releasePort()
            default:
                break
            }
        }
        lastChange = change
        try await change.value
    }

    private func holdPort(_ address: SocketAddress) throws {
        hold = try PortHold(address)
    }

    private func releasePort() {
        hold?.release()
        hold = nil
    }
}

/// Our own references to the sockets on the simulator's port: the listener and the connections it accepted.
/// NIO does not open sockets close-on-exec, so a child process that the host starts meanwhile (a database
/// server, say) inherits them, and when the server closes its descriptors the sockets live on: the listener
/// goes on accepting connections that nobody answers, the connections are never ended, and the port can be
/// neither held nor bound again. Shutting a socket down acts on the socket itself, whoever else has it.
private struct BoundSockets {
    private let descriptors: [Int32]

    /// Taken while the server still has its descriptors open.
    init(port: Int) {
        #if canImport(Glibc)
            let open = "/proc/self/fd"
        #else
            let open = "/dev/fd"
        #endif
        let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: open)) ?? []).compactMap { Int32($0) }
        descriptors = candidates.compactMap { candidate in
            // Other code may close a descriptor and open another under its number at any time, so what is
            // checked is our copy. While the server listens, no other socket can have its port.
            let copy = fcntl(candidate, F_DUPFD_CLOEXEC, 0)
            guard copy >= 0 else { return nil }
            guard Self.localPort(of: copy) == port else {
                close(copy)
                return nil
            }
            return copy
        }
    }

    func shutDown() {
        for descriptor in descriptors {
            shutdown(descriptor, Int32(SHUT_RDWR))
            close(descriptor)
        }
    }

    private static func localPort(of descriptor: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        return withUnsafeBytes(of: storage) { bytes in
            switch Int32(storage.ss_family) {
            case AF_INET: SocketAddress(bytes.load(as: sockaddr_in.self)).port
            case AF_INET6: SocketAddress(bytes.load(as: sockaddr_in6.self)).port
            default: nil
            }
        }
    }
}

/// A socket bound to the simulator's port but not listening: the kernel refuses connections to it, and does
/// not hand the port to another server that asks for any free port (as parallel tests do) in the meantime.
private struct PortHold {
    private let descriptor: Int32

    init(_ address: SocketAddress) throws(SimulatorError) {
        // Close-on-exec, so that a child process started meanwhile cannot keep the port after it is released.
        #if canImport(Glibc)
            let descriptor = socket(address.protocol.rawValue, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        #else
            let descriptor = socket(address.protocol.rawValue, SOCK_STREAM, 0)
            if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        guard descriptor >= 0 else { throw .portUnavailable(address.port ?? 0, errno: errno) }
        // As the server set it, so that connections it closed (now in TIME_WAIT) do not block the bind.
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        // Not bound, the port would be free for anyone, and connections to it would not be refused for sure.
        guard address.withSockAddr({ bind(descriptor, $0, socklen_t($1)) }) == 0 else {
            let failure = errno
            close(descriptor)
            throw .portUnavailable(address.port ?? 0, errno: failure)
        }
        self.descriptor = descriptor
    }

    func release() {
        close(descriptor)
    }
}
