import Foundation

/// Dimmable lamps: the power switch and the brightness follow each other, as a lamp's binding
/// reports both whichever was commanded. The lamp is on while its brightness is above 0.
extension Hub {
    /// A brightness sets the level; ON lights the lamp as bright as it was, or fully if it was
    /// dark; OFF darkens it.
    func light(_ thing: Int, _ value: Value) {
        let level: Decimal
        switch value {
        case .percent(let brightness): level = brightness
        case .onOff(on: true): level = brightness(of: thing) > 0 ? brightness(of: thing) : 100
        case .onOff(on: false): level = 0
        default: return
        }
        setDeviceValue(.percent(level), thing: thing, channel: "brightness")
        setDeviceValue(.onOff(on: level > 0), thing: thing, channel: "power")
    }

    private func brightness(of thing: Int) -> Decimal {
        if case .percent(let level) = things[thing].values["brightness"] { return level }
        return 0
    }
}
