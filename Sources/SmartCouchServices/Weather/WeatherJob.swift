import Foundation
import Logging
import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence
import Weather

/// The weather automation. A run reads the outdoor temperature once per city with watched couches
/// and switches those couches' heating and cooling by their watchers' thresholds, through the same
/// command path and access log as a person's commands, with the job as the actor.
///
/// Couches are grouped by city and country rather than by coordinates: the outdoor temperature is
/// a city's, while every couch has coordinates of its own, which would cost a provider call per
/// couch. A failed city, hub or command is counted and described in the summary; the rest proceed.
package struct WeatherJob: ScheduledJob {
    package let name = "weather"
    package let schedule: Schedule
    let watchers: WeatherWatcherRepository
    let readings: WeatherReadingRepository
    let commands: DeviceCommands
    let weather: WeatherClient
    let settings: WeatherSettings
    let now: @Sendable () -> Date

    package init(
        schedule: Schedule, watchers: WeatherWatcherRepository, readings: WeatherReadingRepository, commands: DeviceCommands,
        weather: WeatherClient, settings: WeatherSettings, now: @escaping @Sendable () -> Date
    ) {
        self.schedule = schedule
        self.watchers = watchers
        self.readings = readings
        self.commands = commands
        self.weather = weather
        self.settings = settings
        self.now = now
    }

    /// How long readings are kept: the energy plot shows 14 days.
    static let readingsKept: TimeInterval = 30 * 86_400

    /// Who the access log says gave the job's commands.
    var actor: Actor { .job(name) }

    /// Returns a `WeatherRunSummary`.
    package func run(logger: Logger) async throws -> any Encodable & Sendable {
        let watches = try await watchers.watches()
        var work = Work(cities: Self.cities(of: watches))
        var summary = WeatherRunSummary()
        try await withThrowingTaskGroup(of: Event.self) { group in
            // The provider calls start at once; the devices and their states are read meanwhile, and
            // readings that arrive before them wait.
            group.addTask { .prepared(try await prepare(watches)) }
            start(&work, in: &group)
            while let event = try await group.next() {
                switch event {
                case .prepared(let prepared):
                    work.prepared = prepared
                    for (city, reading) in work.waiting { evaluate(city, reading, with: prepared, into: &work, &summary) }
                    work.waiting = []
                case .reading(let city, let result):
                    work.citiesInFlight -= 1
                    read(city, result, into: &work, &summary, logger: logger)
                case .switched(let planned, let result):
                    work.switchesInFlight -= 1
                    switch result {
                    case .success: summary.commandsSent += 1
                    case .failure(let failure): summary.deviceFailed(couchId: planned.couchId, configurationId: planned.device.id, failure.reason)
                    }
                }
                start(&work, in: &group)
            }
        }
        do {
            try await readings.record(work.readings, keepingSince: now().addingTimeInterval(-Self.readingsKept))
        } catch {
            // The switching is done; only the plot lacks this run's points.
            logger.warning("weather job: the readings were not kept: \(String(reflecting: error))")
        }
        logger.info(
            "weather job: \(summary.citiesFetched) cities read, \(summary.citiesFailed) failed; \(summary.couchesEvaluated) couches evaluated, \(summary.skipped) skipped; \(summary.commandsSent) commands sent, \(summary.unchanged) devices unchanged, \(summary.failed) failed"
        )
        return summary
    }

    /// Spelling aside, one city is one provider call.
    private static func cities(of watches: [WeatherWatcherRepository.Watch]) -> [City] {
        var cities: [String: City] = [:]
        for watch in watches {
            let location = location(city: watch.city, country: watch.country)
            let city = City(location: location, watches: [])
            cities[city.key, default: city].watches.append(watch)
        }
        return Array(cities.values)
    }

    /// Starts provider calls and commands up to their bounds.
    private func start(_ work: inout Work, in group: inout ThrowingTaskGroup<Event, any Error>) {
        while work.citiesInFlight < settings.concurrency, let city = work.pendingCities.popLast() {
            group.addTask {
                do throws(WeatherError) {
                    return .reading(city, .success(try await weather.currentTemperature(city.location)))
                } catch {
                    return .reading(city, .failure(error))
                }
            }
            work.citiesInFlight += 1
        }
        while work.switchesInFlight < settings.hubConcurrency, let planned = work.pendingSwitches.popLast() {
            group.addTask { .switched(planned, await carry(planned)) }
            work.switchesInFlight += 1
        }
    }

    /// A city's reading: acted on once the couches are prepared, or counted as failed.
    private func read(
        _ city: City, _ result: Result<WeatherReading, WeatherError>, into work: inout Work, _ summary: inout WeatherRunSummary, logger: Logger
    ) {
        switch usable(result) {
        case .success(let reading):
            summary.citiesFetched += 1
            work.readings.append(
                WeatherReadingRecord(city: city.key, observedAt: reading.observedAt, celsius: reading.temperatureCelsius))
            if let prepared = work.prepared {
                evaluate(city, reading, with: prepared, into: &work, &summary)
            } else {
                work.waiting.append((city, reading))
            }
        case .failure(let failure):
            logger.warning("weather job: no reading for \(city.location.description): \(failure.reason)")
            summary.cityFailed(city.location.description, failure.reason)
            summary.skipped += city.watches.count
        }
    }

    /// Plans the commands a city's couches need at this reading.
    private func evaluate(_ city: City, _ reading: WeatherReading, with prepared: Prepared, into work: inout Work, _ summary: inout WeatherRunSummary)
    {
        for watch in city.watches {
            guard let couch = prepared.couches[watch.watcherId] else { continue }
            summary.couchesEvaluated += 1
            work.pendingSwitches += plan(
                couch, outdoor: reading.temperatureCelsius, in: city.location.description,
                hubStates: prepared.hubStates, summary: &summary)
        }
    }

    /// The watched couches' devices and hubs, and every hub's Switch states.
    private func prepare(_ watches: [WeatherWatcherRepository.Watch]) async throws -> Prepared {
        let drivenIds = watches.flatMap { [$0.setting.heatingDeviceId, $0.setting.coolingDeviceId].compactMap { $0 } }
        let driven = try await commands.devices(ids: drivenIds)
        let couches = watches.map { watch in
            WatchedCouch(
                watch: watch,
                hub: Result { try commands.hub(for: watch.couchId, own: watch.ownHub) }.mapError { Failure($0) },
                devices: [(WeatherDecision.Climate.heating, watch.setting.heatingDeviceId), (.cooling, watch.setting.coolingDeviceId)]
                    .compactMap { climate, id in id.flatMap { driven[$0] }.map { (climate, $0) } })
        }
        let distinctHubs = Dictionary(couches.compactMap { try? $0.hub.get() }.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return Prepared(
            couches: Dictionary(couches.map { ($0.watch.watcherId, $0) }, uniquingKeysWith: { first, _ in first }),
            hubStates: await readStates(of: Array(distinctHubs.values)))
    }

    /// What the provider is asked for a couch: its city, with the country when it is an ISO code
    /// (providers read `Budapest,HU`, not `Budapest,Hungary`).
    static func location(city: String, country: String) -> WeatherLocation {
        let city = city.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let country = country.trimmingCharacters(in: .whitespaces)
        let isCode = country.count == 2 && country.allSatisfy { $0.isASCII && $0.isLetter }
        return .city(city, countryCode: isCode ? country.uppercased() : nil)
    }

    /// A reading the job may act on: one the provider gave, and not older than the limit.
    private func usable(_ result: Result<WeatherReading, WeatherError>) -> Result<WeatherReading, Failure> {
        result.mapError { Failure($0) }.flatMap { reading in
            let age = now().timeIntervalSince(reading.observedAt)
            guard age <= settings.maxAge else {
                return .failure(Failure(reason: "the reading is \(Int(age / 60)) minutes old; the limit is \(Int(settings.maxAge / 60))"))
            }
            return .success(reading)
        }
    }

    /// The commands a couch's devices need; devices that need none are counted as unchanged.
    private func plan(
        _ couch: WatchedCouch, outdoor: Double, in city: String,
        hubStates: [HubService.ResolvedHub.Key: Result<[String: State], Failure>], summary: inout WeatherRunSummary
    ) -> [PlannedSwitch] {
        couch.devices.compactMap { climate, device in
            guard let item = device.mainItem else {
                summary.deviceFailed(couchId: couch.watch.couchId, configurationId: device.id, "the device has no main switch")
                return nil
            }
            // A hub that could not be read leaves the state unknown; its failure is then the reason a
            // command cannot be sent.
            let states = couch.hub.flatMap { hub in hubStates[hub.key] ?? .failure(Failure(reason: "the hub's states were not read")) }
            let current = try? states.get()[item.itemName]
            let hub = states.flatMap { _ in couch.hub }
            guard
                let decision = WeatherDecision.decide(
                    climate, outdoor: outdoor, thresholds: couch.watch.setting.thresholds, current: current
                )
            else {
                summary.unchanged += 1
                return nil
            }
            return PlannedSwitch(couchId: couch.watch.couchId, device: device, decision: decision, city: city, hub: hub)
        }
    }

    /// Sends a planned command; the command path logs it, sent or not, confirmed or not.
    private func carry(_ planned: PlannedSwitch) async -> Result<Void, Failure> {
        do {
            let result = try await commands.switchMain(
                of: planned.device, to: planned.decision.command, via: planned.hub.mapError { .init(reason: $0.reason) },
                by: actor, reason: "\(planned.decision.reason) in \(planned.city)")
            // A command the device did not confirm may not have happened: a failure, as an offline one is.
            guard result.confirmed else {
                return .failure(
                    Failure(
                        reason: "sent, not confirmed: the device did not report \(planned.decision.command.rawValue)"
                            + (result.reportedState.map { " (it reported \($0))" } ?? "")))
            }
            return .success(())
        } catch {
            return .failure(Failure(error))
        }
    }

    /// Every hub's Switch states in one call each, a bounded number at once.
    private func readStates(of resolved: [HubService.ResolvedHub]) async -> [HubService.ResolvedHub.Key: Result<[String: State], Failure>] {
        await withTaskGroup(of: HubStates.self) { group in
            var pending = resolved[...]
            for hub in pending.prefix(settings.hubConcurrency) { group.addTask { await states(on: hub) } }
            pending = pending.dropFirst(settings.hubConcurrency)
            var read: [HubService.ResolvedHub.Key: Result<[String: State], Failure>] = [:]
            while let hubStates = await group.next() {
                read[hubStates.key] = hubStates.result
                if let hub = pending.popFirst() { group.addTask { await states(on: hub) } }
            }
            return read
        }
    }

    private struct HubStates: Sendable {
        var key: HubService.ResolvedHub.Key
        var result: Result<[String: State], Failure>
    }

    private func states(on hub: HubService.ResolvedHub) async -> HubStates {
        do {
            return HubStates(key: hub.key, result: .success(try await commands.switchStates(on: hub)))
        } catch {
            return HubStates(key: hub.key, result: .failure(Failure(error)))
        }
    }

    /// The watched couches of one city, and how the provider is asked for it.
    private struct City: Sendable {
        var location: WeatherLocation
        var watches: [WeatherWatcherRepository.Watch]

        /// How a city is known across spellings, and how its readings are kept.
        var key: String { location.description.lowercased() }
    }

    /// A run's progress: what is queued, in flight, and waiting for the couches to be prepared.
    private struct Work {
        var pendingCities: [City]
        var pendingSwitches: [PlannedSwitch] = []
        var citiesInFlight = 0
        var switchesInFlight = 0
        var prepared: Prepared?
        var waiting: [(City, WeatherReading)] = []
        /// What was read, kept for the hosts' energy plots.
        var readings: [WeatherReadingRecord] = []

        init(cities: [City]) { pendingCities = cities }
    }

    private struct WatchedCouch: Sendable {
        var watch: WeatherWatcherRepository.Watch
        var hub: Result<HubService.ResolvedHub, Failure>
        var devices: [(WeatherDecision.Climate, Device)]
    }

    private struct Prepared: Sendable {
        /// By watcher.
        var couches: [UUID: WatchedCouch]
        var hubStates: [HubService.ResolvedHub.Key: Result<[String: State], Failure>]
    }

    private struct PlannedSwitch: Sendable {
        var couchId: UUID
        var device: Device
        var decision: WeatherDecision
        var city: String
        /// The hub to send the command through, or why it cannot be sent.
        var hub: Result<HubService.ResolvedHub, Failure>
    }

    private enum Event: Sendable {
        case prepared(Prepared)
        case reading(City, Result<WeatherReading, WeatherError>)
        case switched(PlannedSwitch, Result<Void, Failure>)
    }

    /// Why a city, hub or command failed, in words for the summary.
    private struct Failure: Error, Sendable {
        var reason: String

        init(reason: String) { self.reason = reason }

        init(_ error: any Error) {
            reason =
                switch error {
                case let error as AppError: error.detail
                case let error as DeviceCommands.HubUnavailable: error.reason
                case let error as WeatherError: error.description
                default: String(describing: error)
                }
        }
    }
}
