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
        let guide = withoutBlanks
        return guide == CouchGuide() ? nil : guide
    }

    /// The bounds the schema's CHECKs also hold. Texts are shown as written, so the only characters
    /// refused are the controls a page or a terminal would misread; line breaks belong in the
    /// texts, not in a name, a password or a number.
    package func validate() throws {
        var validation = Validation()
        let lines: [(String, String?, Int)] = [
            ("wifiName", wifiName, 64), ("wifiPassword", wifiPassword, 128),
            ("hostContact.name", hostContact?.name, 100), ("hostContact.phone", hostContact?.phone, 40)
        ]
        let texts: [(String, String?, Int)] = [
            ("arrival", arrival, 4000), ("departure", departure, 4000), ("houseRules", houseRules, 4000), ("parking", parking, 2000)
        ]
        for (field, text, limit) in lines + texts {
            guard let text else { continue }
            validation.checkLength(text, field, in: 0...limit)
            validation.check(
                !text.unicodeScalars.contains(where: Self.isRefusedControl), field,
                "must not contain control characters other than tabs and line breaks")
        }
        for (field, text, _) in lines {
            validation.check(!(text ?? "").contains(where: \.isNewline), field, "must be one line")
        }
        if let phone = hostContact?.phone {
            validation.check(
                phone.allSatisfy { ("0"..."9").contains($0) || " +-()/.".contains($0) } && phone.contains(where: { ("0"..."9").contains($0) }),
                "hostContact.phone", "must have digits, and nothing but digits, spaces and + - ( ) / .")
        }
        try validation.finish()
    }

    /// The guide with blank parts left out, as it is stored: a part that says nothing is no part.
    package var withoutBlanks: CouchGuide {
        func present(_ text: String?) -> String? {
            guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return text
        }
        let contact = HostContact(name: present(hostContact?.name), phone: present(hostContact?.phone))
        return CouchGuide(
            wifiName: present(wifiName), wifiPassword: present(wifiPassword), arrival: present(arrival), departure: present(departure),
            houseRules: present(houseRules), parking: present(parking), hostContact: contact == HostContact() ? nil : contact)
    }

    private static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.properties.generalCategory == .control else { return false }
        return !["\t", "\n", "\r"].contains(scalar)
    }
}
