/// How the server hands committed events to the clients connected to it.
package struct EventSettings: Sendable {
    /// Off, the server gives no ids and hands nothing on: its streams stay silent and webhook
    /// deliveries are not queued (only for tests that need neither).
    package var enabled = true
    /// The shortest time between two requests for ids: a write on this server asks at once, and
    /// the writes of a burst are given their ids together, one statement each `pace` at most.
    package var pace: Duration
    /// How often the server asks for committed events to be given ids while events come, besides
    /// its own writes: how late an event another server or a job wrote may be, at a cost of one
    /// cheap statement each time.
    package var sequencing: Duration
    /// The longest it waits between asking while none come: the first event after a quiet spell
    /// is up to this late.
    package var idleSequencing: Duration
    /// How often the server reads events without being told: the safety net under PostgreSQL's
    /// notifications (a lost listening connection).
    package var poll: Duration
    /// How often an idle stream gets a comment, so that proxies keep it open and a client that
    /// went away is noticed.
    package var keepAlive: Duration
    /// How far back a client that reconnects can resume (`Last-Event-ID`); events older than
    /// twice this are deleted, so webhook deliveries retried over a day still find theirs.
    package var retention: Duration
    /// Events waiting for one slow client; past this its stream ends, and it resumes from the
    /// database when it reconnects instead of holding the server's memory.
    package var clientBuffer: Int
    /// Streams one user may hold open on this server at once (`EVENT_STREAMS_PER_USER`): an app
    /// needs one or two, and an account opening thousands would hold every other user's share.
    package var streamsPerUser: Int
    /// Streams this server holds open at once, over all users (`EVENT_STREAMS_PER_SERVER`): each is
    /// a socket, and below the process's file limit there must be room left for requests, the
    /// database and the hubs.
    package var streamsPerServer: Int

    package init(
        pace: Duration = .milliseconds(5), sequencing: Duration = .milliseconds(20), idleSequencing: Duration = .milliseconds(320),
        poll: Duration = .seconds(1),
        keepAlive: Duration = .seconds(15), retention: Duration = .seconds(24 * 3600), clientBuffer: Int = 1000,
        streamsPerUser: Int = 10, streamsPerServer: Int = 10_000
    ) {
        self.streamsPerUser = streamsPerUser
        self.streamsPerServer = streamsPerServer
        self.pace = pace
        self.sequencing = sequencing
        self.idleSequencing = idleSequencing
        self.poll = poll
        self.keepAlive = keepAlive
        self.retention = retention
        self.clientBuffer = clientBuffer
    }
}
