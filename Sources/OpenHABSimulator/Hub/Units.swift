import Foundation

/// A unit of measurement the simulated hub knows, as a linear map onto its dimension's base unit.
struct MeasurementUnit: Equatable, Sendable {
    let symbol: String
    let dimension: String
    let scale: Double
    let offset: Double

    init(_ symbol: String, _ dimension: String, scale: Double = 1, offset: Double = 0) {
        self.symbol = symbol
        self.dimension = dimension
        self.scale = scale
        self.offset = offset
    }

    /// The units a simulated hub understands; openHAB knows many more, these cover what homes report.
    static let known: [MeasurementUnit] = [
        MeasurementUnit("°C", "Temperature"),
        MeasurementUnit("°F", "Temperature", scale: 5.0 / 9.0, offset: -160.0 / 9.0),
        MeasurementUnit("K", "Temperature", offset: -273.15),
        MeasurementUnit("W", "Power"),
        MeasurementUnit("kW", "Power", scale: 1000),
        MeasurementUnit("Wh", "Energy"),
        MeasurementUnit("kWh", "Energy", scale: 1000),
        MeasurementUnit("m", "Length"),
        MeasurementUnit("cm", "Length", scale: 0.01),
        MeasurementUnit("km", "Length", scale: 1000),
        MeasurementUnit("Pa", "Pressure"),
        MeasurementUnit("hPa", "Pressure", scale: 100),
        MeasurementUnit("bar", "Pressure", scale: 100_000),
        MeasurementUnit("m/s", "Speed"),
        MeasurementUnit("km/h", "Speed", scale: 1 / 3.6),
        MeasurementUnit("s", "Time"),
        MeasurementUnit("min", "Time", scale: 60),
        MeasurementUnit("h", "Time", scale: 3600),
        MeasurementUnit("V", "ElectricPotential"),
        MeasurementUnit("A", "ElectricCurrent"),
        MeasurementUnit("lx", "Illuminance"),
        MeasurementUnit("%", "Dimensionless")
    ]

    /// The unit a dimensioned Number item keeps its state in, as openHAB's SI system default.
    static let systemDefaults: [String: String] = [
        "Temperature": "°C", "Power": "W", "Energy": "kWh", "Length": "m", "Pressure": "hPa", "Speed": "km/h",
        "Time": "s", "ElectricPotential": "V", "ElectricCurrent": "A", "Illuminance": "lx",
        // openHAB's own is the unit one; the hub knows only the percent its humidity channels report.
        "Dimensionless": "%"
    ]

    static func named(_ symbol: some StringProtocol) -> MeasurementUnit? {
        known.first { $0.symbol == symbol }
    }

    static func systemDefault(for dimension: String) -> MeasurementUnit? {
        systemDefaults[dimension].flatMap(named)
    }

    /// `value` in this unit, expressed in `other` (same dimension).
    func convert(_ value: Decimal, to other: MeasurementUnit) -> Decimal {
        if self == other { return value }
        let base = NSDecimalNumber(decimal: value).doubleValue * scale + offset
        return Decimal.rounded((base - other.offset) / other.scale, places: 10)
    }
}

extension Decimal {
    static func rounded(_ value: Double, places: Int) -> Decimal {
        Decimal(string: String(format: "%.\(places)f", value), locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
    }

    /// How openHAB prints a BigDecimal: plain digits, no exponent.
    var plain: String { NSDecimalNumber(decimal: self).description(withLocale: Locale(identifier: "en_US_POSIX")) }
}
