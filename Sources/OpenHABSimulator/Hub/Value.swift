import Foundation

/// A value of one of openHAB's types, as a command or as a state. `typeName` is what events call it.
enum Value: Equatable, Sendable {
    case null
    case undef
    case onOff(on: Bool)
    case openClosed(open: Bool)
    case decimal(Decimal)
    case percent(Decimal)
    case quantity(Decimal, MeasurementUnit)
    case hsb(hue: Decimal, saturation: Decimal, brightness: Decimal)
    case string(String)
    case dateTime(String)
    case point(String)
    case upDown(up: Bool)
    case stopMove(stop: Bool)
    case increaseDecrease(increase: Bool)
    case playPause(play: Bool)
    case rewindFastforward(rewind: Bool)
    case nextPrevious(next: Bool)
    case refresh
    case stringList(String)
    case raw(String)

    var kind: ValueKind {
        switch self {
        case .null, .undef: .undef
        case .onOff: .onOff
        case .openClosed: .openClosed
        case .decimal: .decimal
        case .percent: .percent
        case .quantity: .quantity
        case .hsb: .hsb
        case .string: .string
        case .dateTime: .dateTime
        case .point: .point
        case .upDown: .upDown
        case .stopMove: .stopMove
        case .increaseDecrease: .increaseDecrease
        case .playPause: .playPause
        case .rewindFastforward: .rewindFastforward
        case .nextPrevious: .nextPrevious
        case .refresh: .refresh
        case .stringList: .stringList
        case .raw: .raw
        }
    }

    var typeName: String { kind.typeName }

    var text: String {
        switch self {
        case .null: "NULL"
        case .undef: "UNDEF"
        case .onOff(let on): on ? "ON" : "OFF"
        case .openClosed(let open): open ? "OPEN" : "CLOSED"
        case .decimal(let value), .percent(let value): value.plain
        case .quantity(let value, let unit): "\(value.plain) \(unit.symbol)"
        case .hsb(let hue, let saturation, let brightness): "\(hue.plain),\(saturation.plain),\(brightness.plain)"
        case .string(let text), .dateTime(let text), .point(let text), .stringList(let text), .raw(let text): text
        case .upDown(let up): up ? "UP" : "DOWN"
        case .stopMove(let stop): stop ? "STOP" : "MOVE"
        case .increaseDecrease(let increase): increase ? "INCREASE" : "DECREASE"
        case .playPause(let play): play ? "PLAY" : "PAUSE"
        case .rewindFastforward(let rewind): rewind ? "REWIND" : "FASTFORWARD"
        case .nextPrevious(let next): next ? "NEXT" : "PREVIOUS"
        case .refresh: "REFRESH"
        }
    }
}
