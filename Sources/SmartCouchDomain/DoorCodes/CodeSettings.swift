/// A couch's door codes: how many digits, how long before check-in and after check-out they
/// open the door, and how long before that its guest may see them. A change applies to codes whose
/// window is still ahead: the door-code job moves their windows; a new length applies to codes
/// made from then on.
package struct CodeSettings: Sendable, Equatable {
    package var length: Int
    package var leadMinutes: Int
    package var graceMinutes: Int
    package var revealHours: Int

    package init(length: Int, leadMinutes: Int, graceMinutes: Int, revealHours: Int = 48) {
        self.length = length
        self.leadMinutes = leadMinutes
        self.graceMinutes = graceMinutes
        self.revealHours = revealHours
    }

    package static let lengths = 4...8
    package static let buffers = 0...1440
    package static let reveal = 0...720

    package func validate() throws {
        var validation = Validation()
        validation.check(Self.lengths.contains(length), "codeLength", "must be 4 to 8 digits")
        validation.check(Self.buffers.contains(leadMinutes), "leadMinutes", "must be 0 to 1440 minutes")
        validation.check(Self.buffers.contains(graceMinutes), "graceMinutes", "must be 0 to 1440 minutes")
        validation.check(Self.reveal.contains(revealHours), "revealHours", "must be 0 to 720 hours")
        try validation.finish()
    }
}
