import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// A couch's guide for its guests (`couch_guides`), with the Wi-Fi password as sealed bytes: the
/// services seal and open it.
package struct CouchGuideRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package struct SealedGuide: Sendable {
        /// The guide, its Wi-Fi password left out.
        package var guide: CouchGuide
        package var sealedWifiPassword: Data?

        package init(guide: CouchGuide, sealedWifiPassword: Data?) {
            self.guide = guide
            self.sealedWifiPassword = sealedWifiPassword
        }
    }

    package func guide(couchId: UUID) async throws -> SealedGuide? {
        let rows = try await client.query(
            """
            SELECT wifi_name, wifi_password_sealed, arrival, departure, house_rules, parking, host_contact_name, host_contact_phone
            FROM couch_guides WHERE couch_id = \(couchId)
            """, logger: logger)
        for try await (wifiName, sealed, arrival, departure, houseRules, parking, contactName, contactPhone)
            in rows.decode((String?, Data?, String?, String?, String?, String?, String?, String?).self)
        {
            let contact = contactName == nil && contactPhone == nil ? nil : CouchGuide.HostContact(name: contactName, phone: contactPhone)
            return SealedGuide(
                guide: CouchGuide(
                    wifiName: wifiName, arrival: arrival, departure: departure, houseRules: houseRules, parking: parking, hostContact: contact),
                sealedWifiPassword: sealed)
        }
        return nil
    }

    /// Replaces the couch's guide as a whole.
    package func save(_ sealed: SealedGuide, couchId: UUID, at now: Date) async throws {
        let guide = sealed.guide
        try await client.query(
            """
            INSERT INTO couch_guides AS g (couch_id, wifi_name, wifi_password_sealed, arrival, departure, house_rules, parking,
                                           host_contact_name, host_contact_phone, updated_at)
            VALUES (\(couchId), \(guide.wifiName), \(sealed.sealedWifiPassword), \(guide.arrival), \(guide.departure), \(guide.houseRules),
                    \(guide.parking), \(guide.hostContact?.name), \(guide.hostContact?.phone), \(now))
            ON CONFLICT (couch_id) DO UPDATE SET
                wifi_name = excluded.wifi_name, wifi_password_sealed = excluded.wifi_password_sealed, arrival = excluded.arrival,
                departure = excluded.departure, house_rules = excluded.house_rules, parking = excluded.parking,
                host_contact_name = excluded.host_contact_name, host_contact_phone = excluded.host_contact_phone, updated_at = excluded.updated_at
            """, logger: logger)
    }
}
