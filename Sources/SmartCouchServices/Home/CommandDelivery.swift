import Foundation
import HTTPTransport
import OpenHAB
import OpenHABModels
import SmartCouchDomain

/// One command on its way to a device, told truthfully: the device's Thing must be ONLINE, and
/// the command counts as done only when the device itself reports the new state (a state update
/// from its binding) within `confirmWithin`. openHAB's autoupdate only predicts for a linked item,
/// so an item's state right after a command is not proof; its binding's update is.
struct CommandDelivery {
    /// What became of a command that reached the hub.
    enum Outcome: Sendable, Equatable {
        /// The device reported the commanded state; `hubFailure` when the hub's own answer was a
        /// failure all the same (it did the work, then erred).
        case confirmed(State, hubFailure: String? = nil)
        /// Nothing matching came back in time; the device's last report, if it sent one.
        /// `hubFailure` when the hub did not answer in time either: sent, result unknown.
        case unconfirmed(reported: State?, hubFailure: String? = nil)
        /// The hub runs an openHAB older than 4.0, which announces no state updates: nothing could confirm
        /// the command, so it is answered at once instead of after waiting in vain.
        case unconfirmable(hubVersion: String)
    }

    let hubs: HubService
    let confirmWithin: Duration
    /// Carries the item subscriptions, which a command holds until the device reports: they must
    /// not take the connections its hub calls need (a burst of commands to one slow hub).
    let streams: any Transport
    let known = KnownHubs()
    /// Each hub's stream of item reports, kept open between commands.
    let reports: ItemReports

    /// Refuses a command to a Thing that is not ONLINE (`status`, which the caller read with
    /// `status(of:)` along with the item); listens on the hub's stream before the command goes out,
    /// so that a report sent at once is heard, and waits for a report after the hub's own event of
    /// this command (`report(of:to:in:)`). What the hub is
    /// (`GET /rest/`, kept a few minutes) is asked meanwhile: an openHAB before 4.0 would never report.
    /// A hub that fails after it may have taken the command (a timeout, a server error) does not
    /// decide the outcome: the device's report does. Confirmed, it is done; unconfirmed after a
    /// timeout, it is sent with its result unknown; unconfirmed after a server error, it failed.
    func deliver(
        _ command: Command, to name: ItemName, ofType type: ItemType, status: ThingStatusInfo?, deviceName: String,
        via hub: HubService.ResolvedHub, until deadline: ContinuousClock.Instant
    ) async throws -> Outcome {
        if let status, status.status != .online {
            // The detail is the hub's own text: kept short, as it reaches the answer and the log.
            throw AppError(
                .deviceOffline, "\(deviceName) is \(status.status.rawValue) on its hub (\(status.statusDetail.prefix(100))): the command was not sent"
            )
        }
        async let server = serverInfo(of: hub, until: deadline)
        let activity = try await listen(for: name, on: hub, until: deadline)
        defer { if case .shared(let listening) = activity { listening.end() } }
        let info = try await server
        let failure = try await hubs.call(on: hub, until: deadline) { client throws(OpenHABError) -> OpenHABError? in
            do throws(OpenHABError) {
                try await client.send(command, to: name, ofType: type)
                return nil
            } catch  where error.mayHaveTakenEffect {
                return error
            }
        }
        guard info.sendsStateUpdates else {
            guard let failure else {
                // Kept short, as the hub's own text reaches the log.
                return .unconfirmable(hubVersion: String((info.runtimeInfo?.version ?? "").prefix(40)))
            }
            return try await unconfirmed(reported: nil, after: failure, on: hub)
        }
        let heard =
            switch activity {
            case .shared(let listening): await report(of: command, to: name, in: listening.activity)
            case .own(let stream): await report(of: command, to: name, in: stream)
            }
        switch heard {
        case .matched(let state):
            return .confirmed(state, hubFailure: failure?.summary)
        case .otherwise(let reported, let commandHeard):
            // Not even the command came by: the stream may have died silently.
            if !commandHeard, case .shared(let listening) = activity { reports.distrust(listening) }
            guard let failure else { return .unconfirmed(reported: reported) }
            return try await unconfirmed(reported: reported, after: failure, on: hub)
        }
    }

    /// Where a command hears its item.
    private enum Activity {
        /// The hub's stream shared by commands.
        case shared(ItemReports.Listening)
        /// One of its own: its item is not one of SmartCouch's, or the server is not running.
        case own(ItemActivities)
    }

    /// The hub's shared stream when one is open; else one opened now, handed over for the next
    /// commands when its item is SmartCouch's (the shared streams hear only those).
    private func listen(for name: ItemName, on hub: HubService.ResolvedHub, until deadline: ContinuousClock.Instant) async throws -> Activity {
        if let listening = reports.listen(for: name, on: hub.key) { return .shared(listening) }
        guard name.rawValue.hasPrefix(DeviceProvisioning.itemPrefix) else {
            return .own(
                try await hubs.call(on: hub, until: deadline) { client throws(OpenHABError) in
                    // Open while the command may still be on its way, and the device's bound after that.
                    try await client.over(streams).itemActivity(named: name.rawValue, idleTimeout: (deadline - .now) + confirmWithin + .seconds(1))
                })
        }
        let activity = try await hubs.call(on: hub, until: deadline) { [reports] client throws(OpenHABError) in
            try await client.over(streams).itemActivity(
                named: DeviceProvisioning.itemPrefix + "*", idleTimeout: reports.idleTimeout, limits: reports.limits)
        }
        return reports.adopt(activity, for: name, on: hub.key).map(Activity.shared) ?? .own(activity)
    }

    /// Not confirmed after the hub failed in a way that may have taken effect: a timeout leaves the
    /// result unknown; a server error the device did not contradict is a failure.
    private func unconfirmed(reported: State?, after failure: OpenHABError, on hub: HubService.ResolvedHub) async throws -> Outcome {
        let answer = await hubs.failed(failure, on: hub)
        guard failure == .timeout else { throw answer }
        return .unconfirmed(reported: reported, hubFailure: answer.detail)
    }

    /// What the device reported within `confirmWithin`.
    private enum Report {
        /// The commanded state.
        case matched(State)
        /// Something else, or nothing; whether the hub's bus had the command.
        case otherwise(reported: State?, commandHeard: Bool)
    }

    /// A report counts only once the hub's bus has had this command for the item: one the device
    /// sent before (a change made meanwhile, on its way to the stream), or after another command
    /// (an earlier one the hub took late), is not this command's outcome.
    private func report<Activity: AsyncSequence & Sendable>(of command: Command, to name: ItemName, in activity: Activity) async -> Report
    where Activity.Element == ItemActivity {
        await withTaskGroup(of: Report?.self) { group in
            group.addTask {
                var commanded = false
                var last: State?
                do {
                    // A stream of its own hears every SmartCouch item of the hub.
                    for try await heard in activity where heard.itemName == name {
                        switch heard {
                        case .commanded(_, let given):
                            if Self.isOwn(given, command) { commanded = true }
                        case .updated(let update) where commanded:
                            if Self.confirms(update.state, command) { return .matched(update.state) }
                            last = update.state
                        case .updated:
                            continue
                        }
                    }
                } catch {}
                return .otherwise(reported: last, commandHeard: commanded)
            }
            group.addTask {
                try? await Task.sleep(for: confirmWithin)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if let first { return first }
            // Out of time: the listener, cancelled, answers with what the device did report.
            while let next = await group.next() {
                if let next { return next }
            }
            return .otherwise(reported: nil, commandHeard: false)
        }
    }

    private func serverInfo(of hub: HubService.ResolvedHub, until deadline: ContinuousClock.Instant) async throws -> ServerInfo {
        if let info = known.info(of: hub.key) { return info }
        let info = try await hubs.call(on: hub, until: deadline) { client throws(OpenHABError) in try await client.serverInfo() }
        known.remember(info, of: hub.key)
        return info
    }

    /// What the hub says of the device's Thing; nil for a device without one.
    func status(of device: Device, on hub: HubService.ResolvedHub, until deadline: ContinuousClock.Instant) async throws -> ThingStatusInfo? {
        guard let thing = device.thingUID.flatMap({ try? ThingUID($0) }) else { return nil }
        return try await hubs.call(on: hub, until: deadline) { client throws(OpenHABError) in try await client.thingStatus(thing) }
    }

    /// Whether a command the hub's bus had is `command`: the same words, or the same number (the hub
    /// may give a number the item's unit).
    static func isOwn(_ given: String, _ command: Command) -> Bool {
        if given == command.rawValue { return true }
        switch command {
        case .decimal(let wanted), .quantity(let wanted, _):
            return Decimal(string: String(given.prefix { !$0.isWhitespace }), locale: Locale(identifier: "en_US_POSIX")) == wanted
        default:
            return false
        }
    }

    /// Whether a reported state is what the command asked for: the same word, or the same number
    /// (units as the hub writes them back). A dimmer reports its level (lit for ON, 0 for OFF), a
    /// shutter its position (0 for UP, 100 for DOWN, wherever it halted for STOP).
    static func confirms(_ state: State, _ command: Command) -> Bool {
        switch (command, state) {
        case (.on, .on), (.off, .off): true
        case (.on, .decimal(let level)): level > 0
        case (.off, .decimal(let level)), (.up, .decimal(let level)): level == 0
        case (.down, .decimal(let position)): position == 100
        case (.stop, .decimal): true
        case (.decimal(let wanted), .decimal(let got)), (.decimal(let wanted), .quantity(let got, _)),
            (.quantity(let wanted, _), .decimal(let got)), (.quantity(let wanted, _), .quantity(let got, _)):
            wanted == got
        case (.text(let wanted), .text(let got)): wanted == got
        default: false
        }
    }
}
