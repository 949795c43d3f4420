import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Public couch search: anyone may search, and a search sees only what is listed.
package struct CouchSearchService: Sendable {
    let search: CouchSearchRepository
    let now: @Sendable () -> Date

    package init(search: CouchSearchRepository, now: @escaping @Sendable () -> Date) {
        self.search = search
        self.now = now
    }

    package func search(_ criteria: CouchSearch) async throws -> Page<Couch> {
        var criteria = criteria
        criteria.now = now()
        return try await search.search(criteria)
    }
}
