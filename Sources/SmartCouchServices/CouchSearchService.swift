import SmartCouchDomain
import SmartCouchPersistence

/// Public couch search: anyone may search, and a search sees only what is listed.
package struct CouchSearchService: Sendable {
    let search: CouchSearchRepository

    package init(search: CouchSearchRepository) {
        self.search = search
    }

    package func search(_ criteria: CouchSearch) async throws -> Page<Couch> {
        try await search.search(criteria)
    }
}
