import Foundation

/// A stay's PIN on one keypad lock, and where it is on its way onto the lock and off it again.
package struct DoorCode: Sendable, Equatable {
    package enum State: String, Sendable, CaseIterable {
        /// Off the lock until shortly before its window opens: planned, or taken off again because
        /// its stay or the couch's settings moved the window away from now.
        case scheduled
        /// Written; not yet read back from the lock.
        case setting
        /// On the lock, as read back.
        case active
        /// Due, but not on the lock as read back (the hub's reason, or no free slot, is kept);
        /// tried again at every run of the job.
        case failed
        /// Its stay ended, was cancelled or checked out, or its lock went: being removed for good.
        case clearing
        /// Off the lock (or never written).
        case cleared
    }

    package var id: UUID
    package var couchId: UUID
    package var deviceId: UUID?
    package var deviceName: String?
    package var thingUID: String
    package var stayId: UUID
    package var slot: Int?
    package var code: String
    package var validFrom: Date
    package var validUntil: Date
    package var state: State
    package var lastError: String?
    package var attempts: Int
    package var nextAttemptAt: Date?
    package var updatedAt: Date

    package init(
        id: UUID, couchId: UUID, deviceId: UUID?, deviceName: String?, thingUID: String, stayId: UUID, slot: Int?, code: String,
        validFrom: Date, validUntil: Date, state: State, lastError: String?, attempts: Int, nextAttemptAt: Date?, updatedAt: Date
    ) {
        self.id = id
        self.couchId = couchId
        self.deviceId = deviceId
        self.deviceName = deviceName
        self.thingUID = thingUID
        self.stayId = stayId
        self.slot = slot
        self.code = code
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.state = state
        self.lastError = lastError
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.updatedAt = updatedAt
    }

    /// A new random PIN of `length` digits that a passer-by would not try first.
    package static func random(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let code = String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            if !isTrivial(code) { return code }
        }
    }

    /// One digit repeated, a run up or down (1234, 9876, 0123…), or two digits taking turns (1212).
    package static func isTrivial(_ code: String) -> Bool {
        let digits = code.compactMap(\.wholeNumberValue)
        guard digits.count == code.count, digits.count >= 2 else { return true }
        let steps = zip(digits.dropFirst(), digits).map { ($0 - $1 + 10) % 10 }
        if Set(steps).count == 1 && [0, 1, 9].contains(steps[0]) { return true }
        return digits.enumerated().allSatisfy { $0.element == digits[$0.offset % 2] }
    }
}

/// The user-code slots of a keypad lock's Thing that SmartCouch may write; the others are the host's.
package struct CodeSlots: Sendable, Equatable {
    package var first: Int
    package var last: Int

    package init(first: Int, last: Int) {
        self.first = first
        self.last = last
    }

    package static let possible = 1...250
    package var range: ClosedRange<Int> { first...last }

    /// The openHAB configuration parameters of a slot, as the Z-Wave binding names them.
    package static func codeParameter(_ slot: Int) -> String { "usercode_code_\(slot)" }
    package static func labelParameter(_ slot: Int) -> String { "usercode_label_\(slot)" }
}
