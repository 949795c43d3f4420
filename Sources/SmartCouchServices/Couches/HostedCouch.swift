import Foundation
import SmartCouchDomain

/// A couch read for one request and found to be the caller's own. A service handed one need not
/// read the couch again to check: a page asking several services about one couch read it once
/// for each of them (five times for a month's calendar).
package struct HostedCouch: Sendable {
    package let couch: Couch

    /// Made only in this module, once the couch's owner is known to be the caller.
    init(checked couch: Couch) {
        self.couch = couch
    }

    package var id: UUID { couch.id }
}
