import Foundation

/// The simulated openHAB hub: items, things, links, the event bus and the devices behind the things.
///
/// Its methods mirror the REST resources and fail with the `RESTFailure` openHAB would answer with, so that the
/// HTTP layer stays a thin translation.
actor Hub {
    struct Item: Sendable {
        var name: String
        var type: HubItemType
        var label: String?
        var category: String?
        var tags: [String]
        var groupNames: [String]
        /// A Group's base type.
        var groupType: HubItemType?
        var function: SimulatorConfiguration.Item.GroupFunction?
        /// Made over REST (or configured as such); file-defined items are not.
        var managed = true
        var state: Value = .null
        var lastState: Value?
        var lastStateUpdate: Date?
        var lastStateChange: Date?

        /// The type the item's states and commands are read as: a Group reads them as its base type.
        var valueType: HubItemType { groupType ?? type }
    }

    struct Thing: Sendable {
        let uid: String
        let device: SimulatorConfiguration.Device
        var label: String?
        var location: String?
        var status: StatusInfoDTO
        /// What the device itself reports, by channel id.
        var values: [String: Value]
        /// The thing's configuration parameters (a keypad lock's user codes).
        var configuration: [String: String] = [:]
        /// Wrong codes typed since the last right one or lock-out.
        var wrongCodes = 0
        /// Where a roller shutter is travelling to; nil while it stands.
        var travelTarget: Decimal?

        /// The status it had when it was disabled, which enabling it brings back; nil while it is enabled.
        var statusBeforeDisabling: StatusInfoDTO?

        var template: DeviceTemplate { device.template }
        var isOnline: Bool { status.status == "ONLINE" }
    }

    struct LinkKey: Hashable, Sendable {
        let itemName: String
        let channelUID: String
    }

    enum BusMessage: Sendable {
        case event(HubEvent)
        case alive
    }

    let timeZone: TimeZone
    let timing: SimulatorConfiguration.Timing
    let version: HubVersion
    /// For the uptime `GET /rest/systeminfo` reports.
    let bootedAt = ContinuousClock.now
    var items: [String: Item] = [:]
    var things: [Thing] = []
    var links: [LinkKey: [String: ConfigurationValue]] = [:]
    /// Item metadata by item name, then namespace. openHAB keeps it apart from the item, which a
    /// replacement (`PUT`) keeps and a deletion removes.
    var metadata: [String: [String: Metadata]] = [:]
    /// When the items' static data (all but their states) last changed, as `staticDataOnly=true` reports it.
    private(set) var staticItemsModified = Hub.wholeSecondNow()
    private var subscribers: [UUID: AsyncStream<BusMessage>.Continuation] = [:]
    private var clocks: [Task<Void, Never>] = []
    var actuations: [UUID: Task<Void, Never>] = [:]
    /// Steps the thermostats' clock has taken, for tests that show something did not change.
    private(set) var thermostatTicks = 0
    /// Likewise for the roller shutters' clock.
    private(set) var shutterTicks = 0
    private var stopped = false

    init(configuration: SimulatorConfiguration) throws(SimulatorError) {
        guard let timeZone = TimeZone(identifier: configuration.timezone) else {
            throw .invalidConfiguration("unknown time zone \(configuration.timezone)")
        }
        self.timeZone = timeZone
        version = try HubVersion(configuration.version)
        // A token openHAB would never accept is refused here, not silently at every request later.
        if let token = configuration.tokens.keys.sorted().first(where: { !$0.hasPrefix("oh.") }) {
            throw .invalidConfiguration(
                "the API token \"\(token)\" does not start with \"oh.\" as openHAB's API tokens do, so no request could use it")
        }
        timing = configuration.timing
        things = try configuration.things.map { spec throws(SimulatorError) in try Self.thing(spec, timeZone: timeZone) }
        for spec in configuration.items {
            var item: Item
            do {
                item = try Self.item(from: spec, pathName: spec.name)
            } catch {
                throw .invalidConfiguration("item \(spec.name) is not valid")
            }
            item.managed = spec.editable ?? true
            if let text = spec.state {
                guard let state = item.valueType.parseState(text, timeZone: timeZone).flatMap({ item.valueType.holding($0, previous: .null) }) else {
                    throw .invalidConfiguration("item \(spec.name) cannot hold the state \(text)")
                }
                item.state = state
            }
            items[item.name] = item
        }
        for link in configuration.links {
            guard items[link.itemName] != nil, Self.channel(link.channelUID, in: things) != nil else {
                throw .invalidConfiguration("link \(link.itemName) -> \(link.channelUID) names an unknown item or channel")
            }
            links[LinkKey(itemName: link.itemName, channelUID: link.channelUID)] = [:]
        }
    }

    private static func thing(_ spec: SimulatorConfiguration.Thing, timeZone: TimeZone) throws(SimulatorError) -> Thing {
        if let problem = Names.thingUIDProblem(spec.uid) { throw .invalidConfiguration(problem) }
        let template = spec.device.template
        var values: [String: Value] = [:]
        for channel in template.channels {
            values[channel.id] = channel.initial
        }
        for (id, text) in spec.channels {
            guard let channel = template.channel(id) else {
                throw .invalidConfiguration("\(spec.uid) has no channel \(id)")
            }
            guard let value = channel.itemType.parseState(text, timeZone: timeZone).flatMap({ channel.itemType.holding($0, previous: .null) }) else {
                throw .invalidConfiguration("\(spec.uid):\(id) cannot hold the state \(text)")
            }
            values[id] = value
        }
        return Thing(
            uid: spec.uid, device: spec.device, label: spec.label ?? template.label, location: spec.location,
            status: StatusInfoDTO(status: spec.status, statusDetail: "NONE"), values: values,
            configuration: template.emptyConfiguration
        )
    }

    /// Brings the bindings up, which report their channels to linked items, and starts the clocks:
    /// thermostats drifting, roller shutters travelling and the event stream's `alive` pings.
    func start() {
        for index in things.indices where things[index].isOnline {
            for channel in things[index].template.channels {
                report(thing: index, channel: channel.id)
            }
        }
        let timing = timing
        clocks = [
            Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: timing.thermostatTick)
                    await self?.tickThermostats()
                }
            },
            Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: timing.shutterTick)
                    await self?.tickShutters()
                }
            },
            Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: timing.aliveInterval)
                    await self?.broadcast(.alive)
                }
            }
        ]
    }

    private func tickThermostats() {
        driftTemperatures()
        thermostatTicks += 1
    }

    private func tickShutters() {
        moveShutters()
        shutterTicks += 1
    }

    /// Stops the clocks and pending actuations and ends every event stream.
    func stop() {
        stopped = true
        (clocks + actuations.values).forEach { $0.cancel() }
        clocks = []
        actuations = [:]
        disconnectSubscribers()
    }

    // MARK: Event bus

    func subscribe() -> (UUID, AsyncStream<BusMessage>) {
        let (stream, continuation) = AsyncStream<BusMessage>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        let id = UUID()
        if stopped {
            continuation.finish()
        } else {
            subscribers[id] = continuation
        }
        return (id, stream)
    }

    /// How many event streams are open now.
    var subscriberCount: Int { subscribers.count }

    func unsubscribe(_ id: UUID) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    func disconnectSubscribers() {
        subscribers.values.forEach { $0.finish() }
        subscribers = [:]
    }

    func publish(_ topic: String, _ type: String, _ payload: some Encodable) {
        broadcast(.event(HubEvent(topic: topic, payload: JSON.string(payload), type: type)))
    }

    /// A time as openHAB's event payloads write it (5.0 and later; older hubs leave it out).
    func eventTime(_ date: Date?) -> String? {
        guard version.reportsLastState else { return nil }
        return date.map { EventTime.text($0, in: timeZone) }
    }

    private func broadcast(_ message: BusMessage) {
        for continuation in subscribers.values {
            continuation.yield(message)
        }
    }

    /// An item, its tags, groups or metadata changed. HTTP dates have whole seconds, so the time moves on
    /// by one at least: a change is never hidden in the second of an answer a client already has (which
    /// openHAB, stamping the first answer after a change with its second, can do).
    func itemsChanged() {
        staticItemsModified = max(Self.wholeSecondNow(), staticItemsModified.addingTimeInterval(1))
    }

    private static func wholeSecondNow() -> Date {
        Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }

    // MARK: Lookups

    func channel(_ uid: String) -> (thing: Int, channel: ChannelTemplate)? {
        Self.channel(uid, in: things)
    }

    private static func channel(_ uid: String, in things: [Thing]) -> (thing: Int, channel: ChannelTemplate)? {
        guard let separator = uid.lastIndex(of: ":") else { return nil }
        let thingUID = String(uid[..<separator])
        let id = String(uid[uid.index(after: separator)...])
        guard let index = things.firstIndex(where: { $0.uid == thingUID }),
            let channel = things[index].template.channel(id)
        else { return nil }
        return (index, channel)
    }

    func members(of group: String) -> [Item] {
        items.values.filter { $0.groupNames.contains(group) }.sorted { $0.name < $1.name }
    }

    func linkedItemNames(of channelUID: String) -> [String] {
        links.keys.filter { $0.channelUID == channelUID }.map(\.itemName).sorted()
    }
}

public enum SimulatorError: Error, Equatable, CustomStringConvertible {
    case invalidConfiguration(String)
    /// Refusing connections needs the port kept bound; `errno` says why it could not be.
    case portUnavailable(Int, errno: Int32)

    public var description: String {
        switch self {
        case .invalidConfiguration(let reason): "invalid simulator configuration: \(reason)"
        case .portUnavailable(let port, let errno): "cannot keep port \(port) while refusing connections: \(String(cString: strerror(errno)))"
        }
    }
}

extension Date {
    var epochMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
