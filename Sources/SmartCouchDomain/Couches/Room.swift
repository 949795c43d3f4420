import Foundation

/// The room of a couch a device is in ("Kitchen", "Kids' room"): free text as the host writes it,
/// on one line. A room is named and asked for as people say it: the spaces around it do not count,
/// nor does case ("kitchen" finds the "Kitchen" devices).
package enum Room {
    /// How long a room's name may be, as the schema's CHECK has it.
    package static let lengths = 1...60

    /// The room `raw` names, trimmed; when it names none, the reason is added to `validation`
    /// under `field`.
    package static func name(_ raw: String, field: String, in validation: inout Validation) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.checkLength(name, field, in: lengths)
        validation.checkOneLine(name, field)
        return name
    }

    /// Whether a device in `room` is in the room asked for by `wanted` (a name `name` returned).
    package static func contains(_ room: String?, _ wanted: String) -> Bool {
        room?.lowercased() == wanted.lowercased()
    }
}
