import Foundation
import OpenHAB
import SmartCouchDomain
import SmartCouchPersistence

/// One pass of the door-code job over one keypad lock: read its slots, write what differs from
/// what the codes want in one configuration change, and decide each code's new state from the
/// lock's answer. Collects the state changes and log lines; the job stores them.
struct LockPass {
    let lock: DoorCodeRepository.LockWork
    let now: Date
    private var entries: [KeypadPlan.Entry] = []
    private var stored: [UUID: DoorCodeRepository.StoredCode] = [:]
    private(set) var changes: [Change] = []
    private(set) var events: [Event] = []
    private(set) var outcome = Outcome()

    struct Change {
        var id: UUID
        var slot: Int?
        var state: DoorCode.State
        var lastError: String?
        var attempts: Int
        var nextAttemptAt: Date?
    }

    struct Event {
        var action: AccessAction
        var slot: Int
        var failure: String?

        var detail: String? { failure.map { "the hub refused: \($0)" } }
    }

    struct Outcome {
        var set = 0
        var cleared = 0
        var repaired = 0
        var failed = false
    }

    init(lock: DoorCodeRepository.LockWork, now: Date, ahead: TimeInterval, secrets: SecretBox) {
        self.lock = lock
        self.now = now
        for code in lock.codes {
            stored[code.id] = code
            let retryDue = (code.nextAttemptAt ?? now) <= now
            let intent: KeypadPlan.Intent
            switch code.state {
            case .clearing: intent = retryDue ? .remove : .hold
            case .scheduled where code.validFrom.timeIntervalSince(now) <= ahead: intent = .place
            case .setting, .active: intent = .place
            case .failed where retryDue: intent = .place
            case .scheduled, .failed, .cleared:
                guard code.slot != nil else { continue }
                intent = .hold
            }
            guard let plain = secrets.open(code.sealed) else {
                fail(code.id, "the code cannot be read with the current SECRETS_KEY", slot: code.slot)
                continue
            }
            entries.append(.init(id: code.id, slot: code.slot, code: plain, intent: intent))
        }
    }

    mutating func run(on client: OpenHABClient, uid: ThingUID) async throws(OpenHABError) {
        let thing = try await client.thing(uid)
        let configuration = Self.texts(of: thing)
        let onLock = KeypadPlan.codes(in: configuration)
        let plan = KeypadPlan(slots: lock.slots, entries: entries, lock: onLock, wasActive: Set(lock.codes.filter { $0.state == .active }.map(\.id)))
        var readBack = onLock
        var writeFailure: String?
        if !plan.writes.isEmpty {
            var parameters: [String: String] = [:]
            for (slot, code) in plan.writes {
                parameters[CodeSlots.codeParameter(slot)] = code
                if configuration[CodeSlots.labelParameter(slot)] != nil {
                    parameters[CodeSlots.labelParameter(slot)] = code.isEmpty ? "" : "SmartCouch"
                }
            }
            do {
                readBack = KeypadPlan.codes(in: Self.texts(of: try await client.configure(uid, parameters)))
            } catch {
                writeFailure = error.summary
                outcome.failed = true
            }
        }
        for slot in plan.strays {
            events.append(Event(action: .clearCode, slot: slot, failure: writeFailure))
        }
        for entry in entries {
            guard let code = stored[entry.id] else { continue }
            switch entry.intent {
            case .hold:
                continue
            case .remove:
                guard let slot = entry.slot else { continue }
                if (readBack[slot] ?? "").isEmpty {
                    change(code, slot: slot, state: .cleared)
                    events.append(Event(action: .clearCode, slot: slot))
                    outcome.cleared += 1
                } else if let writeFailure {
                    retry(code, slot: slot, state: .clearing, writeFailure)
                    events.append(Event(action: .clearCode, slot: slot, failure: writeFailure))
                }
            case .place:
                if plan.unplaceable.contains(entry.id) {
                    let range = lock.slots.map { "\($0.first)–\($0.last)" } ?? ""
                    retry(code, slot: nil, state: .failed, "no free code slot: every slot SmartCouch manages (\(range)) holds a code")
                    continue
                }
                guard let slot = entry.slot ?? plan.assigned[entry.id] else { continue }
                let written = plan.writes[slot] != nil
                if written, let writeFailure {
                    retry(code, slot: slot, state: .failed, writeFailure)
                    events.append(Event(action: plan.repaired.contains(entry.id) ? .repairCode : .setCode, slot: slot, failure: writeFailure))
                } else if readBack[slot] == entry.code {
                    if plan.repaired.contains(entry.id) {
                        events.append(Event(action: .repairCode, slot: slot))
                        outcome.repaired += 1
                    } else if code.state != .active {
                        events.append(Event(action: .setCode, slot: slot))
                        outcome.set += 1
                    }
                    change(code, slot: slot, state: .active)
                } else {
                    change(code, slot: slot, state: .setting)
                }
            }
        }
    }

    /// A Thing's text parameters, where a keypad lock keeps its codes and labels.
    private static func texts(of thing: Thing) -> [String: String] {
        thing.configuration.compactMapValues { value in
            if case .string(let text) = value { text } else { nil }
        }
    }

    /// The lock or its hub could not be used at all: every code due to be written or cleared waits
    /// for its retry; codes already on the lock stay as they are.
    mutating func failAll(_ reason: String) {
        outcome.failed = true
        for entry in entries {
            guard let code = stored[entry.id] else { continue }
            switch (entry.intent, code.state) {
            case (.remove, _): retry(code, slot: entry.slot, state: .clearing, reason)
            case (.place, .scheduled), (.place, .failed): retry(code, slot: entry.slot, state: .failed, reason)
            default: continue
            }
        }
    }

    private mutating func fail(_ id: UUID, _ reason: String, slot: Int?) {
        guard let code = stored[id] else { return }
        retry(code, slot: slot, state: code.state == .clearing ? .clearing : .failed, reason)
    }

    /// A failed step: the reason is kept and the next try waits longer each time.
    private mutating func retry(_ code: DoorCodeRepository.StoredCode, slot: Int?, state: DoorCode.State, _ reason: String) {
        let attempts = code.attempts + 1
        changes.append(Change(
            id: code.id, slot: slot, state: state, lastError: reason, attempts: attempts,
            nextAttemptAt: now.addingTimeInterval(DoorCode.retryDelay(afterAttempts: attempts))))
    }

    private mutating func change(_ code: DoorCodeRepository.StoredCode, slot: Int, state: DoorCode.State) {
        guard code.state != state || code.slot != slot || code.attempts != 0 else { return }
        changes.append(Change(id: code.id, slot: slot, state: state, lastError: nil, attempts: 0, nextAttemptAt: nil))
    }
}
