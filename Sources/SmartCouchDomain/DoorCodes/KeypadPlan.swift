import Foundation

/// What one pass over a keypad lock writes, decided afresh from which codes are due now and what
/// the lock holds as read, never from how the codes got here: every due code in a managed slot
/// while slots suffice, every other managed slot empty. A slot freed in this pass is free for a
/// due code in the same pass, and a slot changed at the lock is put right the same way.
package struct KeypadPlan: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var id: UUID
        /// The slot the code was last given, if any.
        package var slot: Int?
        package var code: String
        /// Its window is open now or opens within the write-ahead: it belongs on the lock.
        package var due: Bool

        package init(id: UUID, slot: Int?, code: String, due: Bool) {
            self.id = id
            self.slot = slot
            self.code = code
            self.due = due
        }
    }

    /// Slot → the code it should hold ("" empties it).
    package var writes: [Int: String] = [:]
    /// Where each due code belongs on the lock.
    package var placed: [UUID: Int] = [:]
    /// Due codes that found every managed slot taken by other due codes.
    package var unplaceable: [UUID] = []
    /// Due codes last confirmed on the lock whose slot was found changed there.
    package var repaired: Set<UUID> = []
    /// Managed slots emptied that held a code no entry put there.
    package var strays: [Int] = []

    /// `slots` is nil when the lock's device is gone: then slots that still hold their code are
    /// emptied and nothing else is touched. `lock` holds the slots' codes as read, empty or absent
    /// for a free slot; `wasActive` names codes last confirmed on the lock.
    package init(slots: CodeSlots?, entries: [Entry], lock: [Int: String], wasActive: Set<UUID>) {
        guard let slots else {
            for entry in entries {
                if let slot = entry.slot, lock[slot] == entry.code { writes[slot] = "" }
            }
            return
        }
        let due = entries.filter(\.due)
        var holder: [Int: Entry] = [:]
        func place(_ entry: Entry, _ slot: Int) {
            holder[slot] = entry
            placed[entry.id] = slot
        }
        // A due code keeps its slot; one without a slot whose code the lock already shows (a write
        // the hub took without saying so) takes that slot; the rest take free slots, empty ones first.
        for entry in due {
            if let slot = entry.slot, slots.range.contains(slot), holder[slot] == nil { place(entry, slot) }
        }
        for entry in due where placed[entry.id] == nil {
            if let slot = slots.range.first(where: { holder[$0] == nil && lock[$0] == entry.code }) { place(entry, slot) }
        }
        for entry in due where placed[entry.id] == nil {
            let free = slots.range.filter { holder[$0] == nil }
            guard let slot = free.first(where: { (lock[$0] ?? "").isEmpty }) ?? free.first else {
                unplaceable.append(entry.id)
                continue
            }
            place(entry, slot)
        }
        let ours = Dictionary(entries.compactMap { entry in entry.slot.map { ($0, entry.code) } }, uniquingKeysWith: { first, _ in first })
        for slot in slots.range {
            let wanted = holder[slot]?.code ?? ""
            let held = lock[slot] ?? ""
            guard held != wanted else { continue }
            writes[slot] = wanted
            if let entry = holder[slot], entry.slot == slot, wasActive.contains(entry.id) { repaired.insert(entry.id) }
            if wanted.isEmpty, ours[slot] != held, !entries.contains(where: { $0.code == held }) { strays.append(slot) }
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
