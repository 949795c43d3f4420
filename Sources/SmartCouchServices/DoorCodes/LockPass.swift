import Foundation
import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

/// One pass of the door-code job over one keypad lock: read its slots, write what differs from the
/// codes due now in one configuration change, and give each code the state the lock's read-back
/// shows. A write the hub did not confirm is judged by reading the lock again, since a hub that
/// times out may still have taken it, and again a few seconds later when it may land after that. Collects the state changes and log lines; the job stores them.
struct LockPass {
    let lock: DoorCodeRepository.LockWork
    let now: Date
    /// When a code that failed is tried again: the job's next run.
    let nextRun: Date
    private var entries: [UUID: KeypadPlan.Entry] = [:]
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

        /// Changes that give up a slot are stored before those that take one, as a slot is held once.
        var releases: Bool { slot == nil || state == .cleared }
    }

    struct Event {
        var action: AccessAction
        var slot: Int
        var failure: String?

        var detail: String? { failure.map { "the hub refused: \($0)" } }
    }

    struct Outcome: Sendable {
        var set = 0
        var cleared = 0
        var repaired = 0
        var failed = false
    }

    init(lock: DoorCodeRepository.LockWork, now: Date, ahead: TimeInterval, nextRun: Date, secrets: SecretBox) {
        self.lock = lock
        self.now = now
        self.nextRun = nextRun
        for code in lock.codes {
            guard let plain = secrets.open(code.sealed) else {
                retry(
                    code, slot: code.slot, state: code.state == .clearing ? .clearing : .failed,
                    "the code cannot be read with the current SECRETS_KEY")
                continue
            }
            let due = lock.slots != nil && code.state != .clearing && code.validFrom.timeIntervalSince(now) <= ahead && code.validUntil > now
            entries[code.id] = .init(id: code.id, slot: code.slot, code: plain, due: due)
        }
    }

    /// `readAgainAfter`: how long after a write the hub timed out on, and a read-back that does not
    /// show it yet, the lock is read once more: the write may land after the first read.
    mutating func run(on client: OpenHABClient, uid: ThingUID, readAgainAfter: Duration) async throws(OpenHABError) {
        let thing = try await client.thing(uid)
        let configuration = Self.texts(of: thing)
        let onLock = KeypadPlan.codes(in: configuration)
        let wasActive = Set(lock.codes.filter { $0.state == .active }.map(\.id))
        let plan = KeypadPlan(slots: lock.slots, entries: lock.codes.compactMap { entries[$0.id] }, lock: onLock, wasActive: wasActive)
        var readBack: [Int: String]? = onLock
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
                readBack = try? await KeypadPlan.codes(in: Self.texts(of: client.thing(uid)))
                if error.mayHaveTakenEffect, !plan.writes.allSatisfy({ readBack?[$0.key] ?? "" == $0.value }) {
                    // Unknown rather than failed: what the lock shows a little later settles it.
                    try? await Task.sleep(for: readAgainAfter)
                    readBack = (try? await KeypadPlan.codes(in: Self.texts(of: client.thing(uid)))) ?? readBack
                }
            }
        }
        for slot in plan.strays {
            let changed = readBack.map { $0[slot] != onLock[slot] } ?? false
            events.append(Event(action: .clearCode, slot: slot, failure: changed ? nil : writeFailure))
        }
        for code in lock.codes {
            guard let entry = entries[code.id] else { continue }
            settle(code, entry, plan: plan, before: onLock, after: readBack, failure: writeFailure)
        }
    }

    /// A code's state from what the lock shows after the write (`after` is nil when it could not be read again).
    private mutating func settle(
        _ code: DoorCodeRepository.StoredCode, _ entry: KeypadPlan.Entry, plan: KeypadPlan, before: [Int: String], after: [Int: String]?,
        failure: String?
    ) {
        if entry.due {
            if plan.unplaceable.contains(code.id) {
                let range = lock.slots.map { "\($0.first)–\($0.last)" } ?? ""
                retry(code, slot: nil, state: .failed, "no free code slot: every slot SmartCouch manages (\(range)) holds a code due now")
                return
            }
            guard let slot = plan.placed[code.id] else { return }
            let repaired = plan.repaired.contains(code.id)
            if after?[slot] == entry.code {
                if repaired {
                    events.append(Event(action: .repairCode, slot: slot))
                    outcome.repaired += 1
                } else if code.state != .active || code.slot != slot {
                    events.append(Event(action: .setCode, slot: slot))
                    outcome.set += 1
                }
                change(code, slot: slot, state: .active)
            } else if let failure {
                events.append(Event(action: repaired ? .repairCode : .setCode, slot: slot, failure: failure))
                // Not on the lock, or unknown: it keeps only the slot it already had, which no other code takes.
                retry(code, slot: code.slot, state: .failed, failure)
            } else {
                change(code, slot: slot, state: .setting)
            }
            return
        }
        // Not due: off the lock, for good once it ended, until its window comes for a live one.
        let ended = code.state == .clearing || lock.slots == nil
        guard let slot = code.slot else {
            if ended || code.state != .scheduled || code.attempts != 0 { change(code, slot: nil, state: ended ? .cleared : .scheduled) }
            return
        }
        if let after, after[slot] != entry.code {
            if before[slot] == entry.code {
                events.append(Event(action: .clearCode, slot: slot))
                outcome.cleared += 1
            }
            change(code, slot: nil, state: ended ? .cleared : .scheduled)
        } else {
            let reason = failure ?? "the lock could not be read after the change"
            events.append(Event(action: .clearCode, slot: slot, failure: reason))
            retry(code, slot: slot, state: ended ? .clearing : code.state, reason)
        }
    }

    /// A Thing's text parameters, where a keypad lock keeps its codes and labels.
    private static func texts(of thing: Thing) -> [String: String] {
        thing.configuration.compactMapValues { value in
            if case .string(let text) = value { text } else { nil }
        }
    }

    /// The lock or its hub could not be used at all: every code due to be written or taken off
    /// keeps the reason and is tried at the next run; codes already on the lock stay as they are.
    mutating func failAll(_ reason: String) {
        outcome.failed = true
        for code in lock.codes {
            guard let entry = entries[code.id] else { continue }
            if entry.due, code.state != .active {
                retry(code, slot: code.slot, state: .failed, reason)
            } else if !entry.due, code.slot != nil {
                retry(code, slot: code.slot, state: code.state, reason)
            }
        }
    }

    /// A failed step: the reason is kept, and the next run tries again.
    private mutating func retry(_ code: DoorCodeRepository.StoredCode, slot: Int?, state: DoorCode.State, _ reason: String) {
        changes.append(Change(id: code.id, slot: slot, state: state, lastError: reason, attempts: code.attempts + 1, nextAttemptAt: nextRun))
    }

    private mutating func change(_ code: DoorCodeRepository.StoredCode, slot: Int?, state: DoorCode.State) {
        guard code.state != state || code.slot != slot || code.attempts != 0 else { return }
        changes.append(Change(id: code.id, slot: slot, state: state, lastError: nil, attempts: 0, nextAttemptAt: nil))
    }
}
