import Foundation
import HTTPTransport
import Logging
import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

/// Which hub serves a couch, checking it, and what it has to offer.
package struct HubService: Sendable {
    let hubs: HubRepository
    let things: HubThingRepository
    let couches: CouchService
    let secrets: SecretBox
    let defaultHub: DefaultHub?
    /// Bounds one device request to a hub, however many calls it takes.
    let timeout: Duration
    let egress: EgressPolicy
    let transport: any Transport
    let logger: Logger
    let now: @Sendable () -> Date

    package init(
        hubs: HubRepository, things: HubThingRepository, couches: CouchService, secrets: SecretBox, defaultHub: DefaultHub? = nil, timeout: Duration,
        egress: EgressPolicy, transport: any Transport, logger: Logger, now: @escaping @Sendable () -> Date
    ) {
        self.hubs = hubs
        self.things = things
        self.couches = couches
        self.secrets = secrets
        self.defaultHub = defaultHub
        self.timeout = timeout
        self.egress = egress
        self.transport = transport
        self.logger = logger
        self.now = now
    }

    /// Sets a couch's own hub after making sure it answers with these credentials.
    package func configure(couchId: UUID, baseURL: String, apiToken: String, by principal: Principal) async throws -> HubStatus {
        _ = try await couches.owned(couchId, by: principal)
        var validation = Validation()
        let url = baseURL.utf8.count <= 2000 ? CallableURL.parse(baseURL) : nil
        let carriesCredentials = URL(string: baseURL).map { $0.user != nil || $0.password != nil } ?? false
        validation.check(
            url != nil || carriesCredentials, "baseURL",
            "must be an http(s) URL such as http://openhab.local:8080, written in visible ASCII, at most 2000 characters")
        validation.check(!carriesCredentials, "baseURL", "must not carry a user name or password; the hub's token goes in apiToken")
        // It travels in a header: a control character or a non-ASCII one would make the HTTP
        // client drop the header, and the hub's anonymous answer would pass for this token's.
        let sendable = apiToken.utf8.allSatisfy { (0x21...0x7E).contains($0) }
        validation.check(
            !apiToken.isEmpty && apiToken.utf8.count <= 4096 && sendable, "apiToken",
            "must be an openHAB API token (visible ASCII characters, at most 4096)")
        try validation.finish()

        // Kept with its scheme in lower case, as the hubs table checks it (HTTP:// is the same hub).
        let stored = baseURL.prefix { $0 != ":" }.lowercased() + baseURL.drop { $0 != ":" }
        let info: ServerInfo
        do {
            info = try await client(url!, token: apiToken, egress: egress.egress(for: .hub)).serverInfo()
        } catch {
            logger.notice("a hub was refused for couch \(couchId): \(error)")
            throw AppError.invalid("baseURL", "the hub could not be used: \(error.summary)")
        }
        let status = HubStatus(
            baseURL: stored, reachable: true, version: info.runtimeInfo?.version, lastError: nil, checkedAt: now(), isDefault: false)
        try await hubs.save(couchId: couchId, baseURL: stored, sealedToken: try secrets.seal(apiToken), status: status)
        return status
    }

    /// Asks the couch's hub how it is now, and remembers the answer.
    package func status(couchId: UUID, by principal: Principal) async throws -> HubStatus {
        try await status(of: couches.hosted(couchId, by: principal))
    }

    /// `status` of a couch its caller hosts.
    package func status(of hosted: HostedCouch) async throws -> HubStatus {
        let couchId = hosted.id
        let hub = try await self.hub(for: couchId)
        var status = HubStatus(baseURL: hub.baseURL, reachable: true, version: nil, lastError: nil, checkedAt: now(), isDefault: hub.isDefault)
        do {
            status.version = try await hub.client.serverInfo().runtimeInfo?.version
        } catch {
            status.reachable = false
            status.lastError = error.summary
            logger.notice("the hub of couch \(couchId) failed its check: \(error)")
        }
        if !hub.isDefault {
            try await hubs.recordCheck(
                couchId: couchId, reachable: status.reachable, version: status.version, lastError: status.lastError, at: status.checkedAt)
            if let events = try await hubs.eventStreamError(couchId: couchId) {
                (status.eventStreamError, status.eventStreamErrorAt) = (events.error, events.since)
            }
        }
        return status
    }

    package func things(couchId: UUID, by principal: Principal) async throws -> [Thing] {
        _ = try await couches.owned(couchId, by: principal)
        return try await usableThings(couchId: couchId)
    }

    /// The Things of the couch's hub that the couch may use: every Thing of a hub its host brought;
    /// of the shared hub, only those an operator assigned to the couch.
    package func usableThings(couchId: UUID) async throws -> [Thing] {
        let hub = try await hub(for: couchId)
        let all = try await call(on: hub) { client throws(OpenHABError) in try await client.things() }
        guard hub.isDefault else { return all }
        let assigned = try await things.things(servingCouch: couchId)
        return all.filter { assigned.contains($0.uid.rawValue) }
    }

    /// Which hub a Thing bound by this couch's host is on, after checking that the couch may use
    /// it: a Thing of the shared hub that no operator assigned to the couch is nobody's.
    package func scope(ofThing thingUID: String, on hub: ResolvedHub, hostId: UUID) async throws -> HubScope {
        guard hub.isDefault else { return .own(hostId: hostId, baseURL: hub.baseURL) }
        guard try await things.things(servingCouch: hub.couchId).contains(thingUID) else {
            throw AppError.invalid(
                "thingUID", "this Thing of the shared hub is not assigned to the couch; an operator assigns the shared hub's Things to couches")
        }
        return .shared
    }

    /// The operator's shared hub, for assigning its Things.
    package func sharedHub() throws -> OpenHABClient {
        guard let defaultHub else { throw AppError.conflict("the server has no shared hub (OPENHAB_URL is not set)") }
        return client(defaultHub.baseURL, token: defaultHub.token, egress: .trusted(.hub))
    }

    /// Runs one call against the couch's hub, turning its failure into a 502/504 and noting it.
    func call<T: Sendable>(_ couchId: UUID, _ body: (OpenHABClient) async throws(OpenHABError) -> T) async throws -> T {
        try await call(on: hub(for: couchId), body)
    }

    /// The same on a hub already resolved, for operations that make several calls; with a
    /// `deadline`, all of them together end by then.
    func call<T: Sendable>(
        on hub: ResolvedHub, until deadline: ContinuousClock.Instant? = nil, _ body: (OpenHABClient) async throws(OpenHABError) -> T
    ) async throws -> T {
        var client = hub.client
        if let deadline {
            let remaining = deadline - .now
            guard remaining > .zero else { throw await failed(.timeout, on: hub) }
            client = client.within(remaining)
        }
        do {
            return try await body(client)
        } catch {
            throw await failed(error, on: hub)
        }
    }

    /// Notes a failed call (in the log, and on a host's own hub) and says what the caller sees.
    func failed(_ error: OpenHABError, on hub: ResolvedHub) async -> AppError {
        logger.notice("a call to the hub of couch \(hub.couchId) failed: \(error)")
        if !hub.isDefault {
            try? await hubs.recordCheck(couchId: hub.couchId, reachable: !error.meansUnreachable, version: nil, lastError: error.summary, at: now())
        }
        return AppError.hub(error)
    }

    /// Notes what a hub's event stream shows of it on the couches that brought it (the shared hub
    /// has no stored status: its check is live): connected, or failed and why. The hub counts as
    /// unreachable until a stream or a call shows otherwise; the stream's own reason stays until
    /// it listens again.
    package func noteEventStream(of couchIds: [UUID], failure: String?) async {
        for couchId in couchIds {
            try? await hubs.recordCheck(couchId: couchId, reachable: failure == nil, version: nil, lastError: failure, at: now())
            try? await hubs.recordEventStream(couchId: couchId, error: failure, at: now())
        }
    }

    /// When a device request that starts now must be over.
    package func deadline() -> ContinuousClock.Instant {
        .now + timeout
    }

    /// Every Switch item's state on a hub, by item name, in one call: an automation over many
    /// couches reads their main switches this way instead of one call per device.
    package func switchStates(on hub: ResolvedHub) async throws -> [String: State] {
        let items = try await call(on: hub) { client throws(OpenHABError) in try await client.items(type: .switch) }
        return Dictionary(items.map { ($0.name.rawValue, $0.state) }, uniquingKeysWith: { first, _ in first })
    }

    package struct ResolvedHub: Sendable {
        package var couchId: UUID
        package var client: OpenHABClient
        package var baseURL: String
        package var isDefault: Bool
        /// Couches with equal keys use one hub with the same credentials, so one call serves them all.
        package var key: Key

        package init(couchId: UUID, client: OpenHABClient, baseURL: String, isDefault: Bool, key: Key) {
            self.couchId = couchId
            self.client = client
            self.baseURL = baseURL
            self.isDefault = isDefault
            self.key = key
        }

        package struct Key: Hashable, Sendable {
            var baseURL: String
            var token: String?

            package init(baseURL: String, token: String? = nil) {
                self.baseURL = baseURL
                self.token = token
            }
        }
    }

    /// The couch's own hub, else the server's default one.
    package func hub(for couchId: UUID) async throws -> ResolvedHub {
        try hub(for: couchId, own: try await hubs.find(couchId: couchId))
    }

    /// The same for a couch whose own hub was already read (nil: it has none), so that a job over
    /// many couches resolves their hubs without a query each. `transport` carries its calls; the
    /// hubs' event streams, which hold their connections for good, have one of their own so that
    /// they never take the connections device requests need.
    package func hub(for couchId: UUID, own: HubRecord?, transport: (any Transport)? = nil) throws -> ResolvedHub {
        let transport = transport ?? self.transport
        if let own {
            guard let token = secrets.open(own.sealedToken), let url = URL(string: own.baseURL) else {
                throw AppError.conflict("the couch's hub token cannot be read with the current SECRETS_KEY; set the hub again")
            }
            return ResolvedHub(
                couchId: couchId, client: client(url, token: token, egress: egress.egress(for: .hub), transport: transport),
                baseURL: own.baseURL, isDefault: false,
                key: .init(baseURL: own.baseURL, token: token))
        }
        if let defaultHub {
            let baseURL = defaultHub.baseURL.absoluteString
            // The operator's own hub: its address is trusted as configured.
            return ResolvedHub(
                couchId: couchId, client: client(defaultHub.baseURL, token: defaultHub.token, egress: .trusted(.hub), transport: transport),
                baseURL: baseURL, isDefault: true,
                key: .init(baseURL: baseURL, token: defaultHub.token))
        }
        throw AppError.conflict("couch \(couchId) has no hub of its own and the server has no default hub; give the couch its hub first")
    }

    private func client(_ url: URL, token: String?, egress: Egress, transport: (any Transport)? = nil) -> OpenHABClient {
        OpenHABClient(baseURL: url, token: token, requestTimeout: timeout, egress: egress, transport: transport ?? self.transport)
    }
}
