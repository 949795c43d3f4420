import Foundation

/// One of openHAB's command/state types, and how it reads text (openHAB's `TypeParser`: exact words,
/// case-sensitive, nothing trimmed).
enum ValueKind: Sendable {
    case undef, onOff, openClosed, decimal, percent, quantity, hsb, string, dateTime, point
    case upDown, stopMove, increaseDecrease, playPause, rewindFastforward, nextPrevious, refresh, stringList, raw

    var typeName: String {
        switch self {
        case .undef: "UnDef"
        case .onOff: "OnOff"
        case .openClosed: "OpenClosed"
        case .decimal: "Decimal"
        case .percent: "Percent"
        case .quantity: "Quantity"
        case .hsb: "HSB"
        case .string: "String"
        case .dateTime: "DateTime"
        case .point: "Point"
        case .upDown: "UpDown"
        case .stopMove: "StopMove"
        case .increaseDecrease: "IncreaseDecrease"
        case .playPause: "PlayPause"
        case .rewindFastforward: "RewindFastforward"
        case .nextPrevious: "NextPrevious"
        case .refresh: "Refresh"
        case .stringList: "StringList"
        case .raw: "Raw"
        }
    }

    func parse(_ text: String, timeZone: TimeZone) -> Value? {
        switch self {
        case .undef: Self.word(text, ["NULL": .null, "UNDEF": .undef])
        case .onOff: Self.word(text, ["ON": .onOff(on: true), "OFF": .onOff(on: false)])
        case .openClosed: Self.word(text, ["OPEN": .openClosed(open: true), "CLOSED": .openClosed(open: false)])
        case .upDown: Self.word(text, ["UP": .upDown(up: true), "DOWN": .upDown(up: false)])
        case .stopMove: Self.word(text, ["STOP": .stopMove(stop: true), "MOVE": .stopMove(stop: false)])
        case .increaseDecrease: Self.word(text, ["INCREASE": .increaseDecrease(increase: true), "DECREASE": .increaseDecrease(increase: false)])
        case .playPause: Self.word(text, ["PLAY": .playPause(play: true), "PAUSE": .playPause(play: false)])
        case .rewindFastforward: Self.word(text, ["REWIND": .rewindFastforward(rewind: true), "FASTFORWARD": .rewindFastforward(rewind: false)])
        case .nextPrevious: Self.word(text, ["NEXT": .nextPrevious(next: true), "PREVIOUS": .nextPrevious(next: false)])
        case .refresh: Self.word(text, ["REFRESH": .refresh])
        case .decimal: Number.exact(text).map(Value.decimal)
        case .percent: Number.exact(text).flatMap { (0...100).contains($0) ? .percent($0) : nil }
        case .quantity: Self.quantity(text)
        case .hsb: Self.hsb(text)
        case .string: .string(text)
        case .stringList: .stringList(text)
        case .dateTime: DateTimeText.parse(text, timeZone: timeZone).map(Value.dateTime)
        case .point: Self.point(text)
        case .raw: text.hasPrefix("data:") && text.contains(";base64,") ? .raw(text) : nil
        }
    }

    private static func word(_ text: String, _ words: [String: Value]) -> Value? {
        words[text]
    }

    /// `21.5 °C` or `21.5°C`; the unit must be one the hub knows.
    private static func quantity(_ text: String) -> Value? {
        let (number, rest) = Number.prefix(text)
        guard let number else { return nil }
        let symbol = rest.first == " " ? rest.dropFirst() : rest
        return MeasurementUnit.named(symbol).map { .quantity(number, $0) }
    }

    private static func hsb(_ text: String) -> Value? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Number.exact(String($0)) }
        guard parts.count == 3, let hue = parts[0], let saturation = parts[1], let brightness = parts[2],
            hue >= 0, hue < 360, (0...100).contains(saturation), (0...100).contains(brightness)
        else { return nil }
        return .hsb(hue: hue, saturation: saturation, brightness: brightness)
    }

    private static func point(_ text: String) -> Value? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Number.exact(String($0)) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }),
            (-90...90).contains(parts[0]!), (-180...180).contains(parts[1]!)
        else { return nil }
        return .point(parts.map { $0!.plain }.joined(separator: ","))
    }
}

/// Numbers as Java's BigDecimal reads them: `[+-]digits[.digits][e[+-]digits]`, nothing around them.
enum Number {
    static func exact(_ text: String) -> Decimal? {
        let (number, rest) = prefix(text)
        return rest.isEmpty ? number : nil
    }

    /// The leading number of `text`, and what follows it.
    static func prefix(_ text: String) -> (Decimal?, Substring) {
        var index = text.startIndex
        func skipDigits() -> Int {
            var count = 0
            while index < text.endIndex, text[index].isASCII, text[index].isNumber {
                index = text.index(after: index)
                count += 1
            }
            return count
        }
        if index < text.endIndex, "+-".contains(text[index]) { index = text.index(after: index) }
        var digits = skipDigits()
        if index < text.endIndex, text[index] == "." {
            index = text.index(after: index)
            digits += skipDigits()
        }
        guard digits > 0 else { return (nil, text[...]) }
        let mantissaEnd = index
        if index < text.endIndex, "eE".contains(text[index]) {
            index = text.index(after: index)
            if index < text.endIndex, "+-".contains(text[index]) { index = text.index(after: index) }
            if skipDigits() == 0 { index = mantissaEnd }
        }
        let value = Decimal(string: String(text[..<index]), locale: Locale(identifier: "en_US_POSIX"))
        return (value, text[index...])
    }
}

/// ISO date-times in, openHAB's `2025-01-31T08:15:00.000+0100` out (in the hub's time zone).
enum DateTimeText {
    static func parse(_ text: String, timeZone: TimeZone) -> String? {
        guard let date = read(text, timeZone: timeZone) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZ"
        return formatter.string(from: date)
    }

    private static func read(_ text: String, timeZone: TimeZone) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        let formats = [
            "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSZ",
            "yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm",
            "yyyy-MM-dd"
        ]
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
