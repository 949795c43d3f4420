import Foundation
import Logging
import SmartCouchDomain

/// The door-code passes over every keypad lock on a schedule (`DOOR_CODES_SCHEDULE`): the safety
/// net under the passes that follow each stay's change, and what puts right a slot changed at the
/// lock itself.
package struct DoorCodeJob: ScheduledJob {
    package static let name = "door-codes"
    package var name: String { Self.name }
    package var schedule: Schedule { passes.schedule }
    let passes: DoorCodePasses

    package init(passes: DoorCodePasses) {
        self.passes = passes
    }

    /// Returns a `DoorCodeRunSummary`.
    package func run(logger: Logger) async throws -> any Encodable & Sendable {
        try await passes.run(couchId: nil, busy: .skip, logger: logger)
    }
}
