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
                await server.shutdown()
                if next == .refusing, let address { self.holdPort(address) }
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

    private func holdPort(_ address: SocketAddress) {
        hold = PortHold(address)
    }

    private func releasePort() {
        hold?.release()
        hold = nil
    }
}

/// A socket bound to the simulator's port but not listening: the kernel refuses connections to it, and does
/// not hand the port to another server that asks for any free port (as parallel tests do) in the meantime.
private struct PortHold {
    private let descriptor: Int32

    init?(_ address: SocketAddress) {
        #if canImport(Glibc)
        let descriptor = socket(address.protocol.rawValue, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(address.protocol.rawValue, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        // As the server set it, so that connections it closed (now in TIME_WAIT) do not block the bind.
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.withSockAddr { bind(descriptor, $0, socklen_t($1)) } == 0
        guard bound else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    func release() {
        close(descriptor)
    }
}
