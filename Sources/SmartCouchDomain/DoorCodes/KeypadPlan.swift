import Foundation

/// What one pass over a keypad lock writes: the codes that belong on it in their slots, empty
/// slots where a code ended, and empty slots where someone left a code we do not know. Decided
/// from the lock's configuration as read, so a slot changed at the lock is put right.
package struct KeypadPlan: Sendable, Equatable {
    package enum Intent: Sendable, Equatable {
        /// Belongs on the lock now.
        case place
        /// Keeps its slot, left alone this time (a failed write waiting for its retry).
        case hold
        /// Ended: its slot is emptied.
        case remove
    }

    package struct Entry: Sendable, Equatable {
        package var id: UUID
        package var slot: Int?
        package var code: String
        package var intent: Intent

        package init(id: UUID, slot: Int?, code: String, intent: Intent) {
            self.id = id
            self.slot = slot
            self.code = code
            self.intent = intent
        }
    }

    /// Slot → the code it should hold ("" empties it).
    package var writes: [Int: String] = [:]
    /// Codes given a slot by this plan.
    package var assigned: [UUID: Int] = [:]
    /// Codes that belong on the lock but found every managed slot taken.
    package var unplaceable: [UUID] = []
    /// Codes that were on the lock and found changed there.
    package var repaired: Set<UUID> = []
    /// Managed slots that held a code nobody here placed.
    package var strays: [Int] = []

    /// `slots` is nil when the lock's device is gone: then codes are only removed. `lock` holds the
    /// slots' codes as read, empty or absent for a free slot; `wasActive` names codes last confirmed on it.
    package init(slots: CodeSlots?, entries: [Entry], lock: [Int: String], wasActive: Set<UUID>) {
        var held = Set(entries.compactMap(\.slot))
        for entry in entries {
            switch entry.intent {
            case .hold:
                continue
            case .remove:
                if let slot = entry.slot, !(lock[slot] ?? "").isEmpty { writes[slot] = "" }
            case .place:
                guard let slots else { continue }
                var slot = entry.slot
                if slot == nil {
                    slot = slots.range.first { !held.contains($0) }
                    guard let free = slot else {
                        unplaceable.append(entry.id)
                        continue
                    }
                    held.insert(free)
                    assigned[entry.id] = free
                }
                guard let slot else { continue }
                if lock[slot] != entry.code {
                    writes[slot] = entry.code
                    if wasActive.contains(entry.id) { repaired.insert(entry.id) }
                }
            }
        }
        guard let slots else { return }
        for slot in slots.range where !held.contains(slot) && !(lock[slot] ?? "").isEmpty {
            writes[slot] = ""
            strays.append(slot)
        }
    }

    /// A lock's slot codes from its Thing's configuration.
    package static func codes(in configuration: [String: String]) -> [Int: String] {
        var codes: [Int: String] = [:]
        let prefix = "usercode_code_"
        for (name, value) in configuration where name.hasPrefix(prefix) {
            if let slot = Int(name.dropFirst(prefix.count)) { codes[slot] = value }
        }
        return codes
    }
}
