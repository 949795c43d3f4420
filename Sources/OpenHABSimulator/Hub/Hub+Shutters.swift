import Foundation

/// Roller shutters: a command sends the motor toward a position, and the shutter reports every step
/// of its travel, as a binding reports a moving motor. 0 is open, 100 closed.
extension Hub {
    /// How far a shutter travels per step of its clock, in percent of the whole way.
    static let shutterStep: Decimal = 10

    /// UP heads for 0, DOWN for 100, a percentage for itself; STOP halts the shutter where it is. A
    /// shutter that stops, or is sent where it already is, reports its position at once.
    func steer(_ thing: Int, _ command: Value) {
        let target: Decimal
        switch command {
        case .upDown(let up): target = up ? 0 : 100
        case .percent(let position): target = position
        case .stopMove(stop: true):
            things[thing].travelTarget = nil
            report(thing: thing, channel: "position")
            return
        default: return
        }
        if position(of: thing) == target {
            things[thing].travelTarget = nil
            report(thing: thing, channel: "position")
        } else {
            things[thing].travelTarget = target
        }
    }

    /// Every travelling shutter of an ONLINE thing moves one step toward its target.
    func moveShutters() {
        for index in things.indices where things[index].isOnline {
            guard let target = things[index].travelTarget else { continue }
            // A shutter whose position is unknown arrives at once.
            let current = position(of: index) ?? target
            let next = current < target ? min(current + Self.shutterStep, target) : max(current - Self.shutterStep, target)
            if next == target { things[index].travelTarget = nil }
            setDeviceValue(.percent(next), thing: index, channel: "position")
        }
    }

    private func position(of thing: Int) -> Decimal? {
        if case .percent(let position) = things[thing].values["position"] { return position }
        return nil
    }
}
