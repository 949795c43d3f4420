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
        let change = Task { [server, hub] in
            _ = await previous?.result
            switch (from, next) {
            case (.accepting, _):
                // Open event streams would keep the server from closing; a hub that goes away ends them too.
                await hub.disconnectSubscribers()
                await server.shutdown()
            case (.refusing, .accepting):
                try await server.start(address: nil)
            default:
                break
            }
        }
        lastChange = change
        try await change.value
    }
}
