import Foundation

/// What a host tells the guest for the stay: plain text, line breaks kept, each part optional.
package struct CouchGuide: Sendable, Equatable {
    package struct HostContact: Sendable, Equatable {
        package var name: String?
        package var phone: String?

        package init(name: String? = nil, phone: String? = nil) {
            self.name = name
            self.phone = phone
        }
    }

    package var wifiName: String?
    package var wifiPassword: String?
    package var arrival: String?
    package var departure: String?
    package var houseRules: String?
    package var parking: String?
    package var hostContact: HostContact?

    package init(
        wifiName: String? = nil, wifiPassword: String? = nil, arrival: String? = nil, departure: String? = nil,
        houseRules: String? = nil, parking: String? = nil, hostContact: HostContact? = nil
    ) {
        self.wifiName = wifiName
        self.wifiPassword = wifiPassword
        self.arrival = arrival
        self.departure = departure
        self.houseRules = houseRules
        self.parking = parking
        self.hostContact = hostContact
    }

    /// The guide, unless the host wrote nothing in it.
    package var nonEmpty: CouchGuide? {
        self == CouchGuide() || self == CouchGuide(hostContact: HostContact()) ? nil : self
    }

    /// The bounds the schema's CHECKs also hold. Texts are shown as written, so the only characters
    /// refused are the controls a page or a terminal would misread (tabs and line breaks are fine).
    package func validate() throws {
        var validation = Validation()
        let fields: [(String, String?, Int)] = [
            ("wifiName", wifiName, 64), ("wifiPassword", wifiPassword, 128), ("arrival", arrival, 4000),
            ("departure", departure, 4000), ("houseRules", houseRules, 4000), ("parking", parking, 2000),
            ("hostContact.name", hostContact?.name, 100), ("hostContact.phone", hostContact?.phone, 40),
        ]
        for (field, text, limit) in fields {
            guard let text else { continue }
            validation.checkLength(text, field, in: 0...limit)
            validation.check(!text.unicodeScalars.contains(where: Self.isRefusedControl), field, "must not contain control characters other than tabs and line breaks")
        }
        if let phone = hostContact?.phone {
            validation.check(phone.allSatisfy { ("0"..."9").contains($0) || " +-()/.".contains($0) }, "hostContact.phone", "may hold digits, spaces and + - ( ) / . only")
        }
        try validation.finish()
    }

    private static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.properties.generalCategory == .control else { return false }
        return !["\t", "\n", "\r"].contains(scalar)
    }
}
