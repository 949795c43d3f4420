import Foundation
import SmartCouchDomain

/// The host's couches as every console page lists them, written in one pass: as a Leaf loop
/// over 50 couches the menu took a quarter of a small page's time (Leaf builds each value's
/// escaped text a character at a time). What a host wrote is escaped as Leaf escapes it.
enum ConsoleMenu {
    static func items(_ couches: [CouchName], current: UUID?) -> String {
        var html = ""
        html.reserveCapacity(couches.count * 120)
        for couch in couches {
            html += #"<li><a class="tap" href="/console/couches/"# + couch.id.uuidString.lowercased() + #"/calendar""#
            if couch.id == current { html += #" aria-current="page""# }
            html += #"><span dir="auto">"# + HTMLText.escaped(couch.name) + "</span></a></li>\n"
        }
        return html
    }
}

/// Text put into HTML: the five characters that could end an element or an attribute (& < > " ')
/// as character references, the rest as it is.
enum HTMLText {
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { reference(for: $0) != nil }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        // Byte by byte: the five are ASCII, which no other character's UTF-8 bytes can be.
        for byte in text.utf8 {
            if let reference = reference(for: byte) { bytes += reference.utf8 } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func reference(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
