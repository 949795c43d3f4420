import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// The SQL behind `GET /couches`. `explain` runs EXPLAIN on the very statement `search` runs, with
/// the same binds, so that the benchmark measures what the endpoint does.
package struct CouchSearchRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package func search(_ search: CouchSearch) async throws -> Page<Couch> {
        // Planning a search cost PostgreSQL about as much as running it; a shape's plan is kept.
        let couches = try await client.prepared(Self.statement(search), logger: logger).map(CouchRepository.couch(from:))
        return Page(fetched: couches, limit: search.limit) { CouchSearch.Position(after: $0, in: search.order).cursor }
    }

    /// PostgreSQL's plan for `search`, executed, with timings and buffer counts: one line a row.
    package func explain(_ search: CouchSearch) async throws -> [String] {
        let statement = try Self.statement(search).query()
        let rows = try await client.query(
            PostgresQuery(unsafeSQL: "EXPLAIN (ANALYZE, BUFFERS) " + statement.sql, binds: statement.binds), logger: logger)
        var lines: [String] = []
        for try await line in rows.decode(String.self) { lines.append(line) }
        return lines
    }

    /// The statement `search` runs as one SQL text, each bind replaced by a literal of the bind's
    /// own type (`'Budapest'::text`), for tools that cannot send binds the way PostgresNIO does
    /// (pgbench). PostgreSQL itself renders the binds, from the very bytes the endpoint sends.
    package func inlinedStatement(_ search: CouchSearch) async throws -> String {
        let statement = try Self.statement(search).query()
        guard statement.binds.count > 0 else { return statement.sql }
        let literals = (1...statement.binds.count)
            .map { "quote_literal($\($0)::text) || '::' || pg_typeof($\($0))::text" }
            .joined(separator: ", ")
        var values: [String] = []
        for try await row in try await client.query(
            PostgresQuery(unsafeSQL: "SELECT " + literals, binds: statement.binds), logger: logger)
        {
            for cell in row { values.append(try cell.decode(String.self)) }
        }
        // The statement is built from constant SQL, so every "$" in it starts a placeholder.
        var sql = ""
        var rest = Substring(statement.sql)
        while let dollar = rest.firstIndex(of: "$") {
            sql += rest[..<dollar]
            let digits = rest[rest.index(after: dollar)...].prefix(while: \.isNumber)
            guard let number = Int(digits), values.indices.contains(number - 1) else {
                preconditionFailure("$ in the search statement is not a placeholder: \(statement.sql)")
            }
            sql += values[number - 1]
            rest = rest[digits.endIndex...]
        }
        return sql + rest
    }

    /// The stay rules (StayRules.violations) on the couch row, so that search offers only what a
    /// booking would take: the couch's own clock decides today and the advance notice (migration
    /// 0024's couch_rules_take).
    static func withinRules(_ stay: CouchSearch.Stay, now: Date) -> SQLFragment {
        guard let checkIn = CalendarDate(stay.checkIn), let checkOut = CalendarDate(stay.checkOut) else {
            preconditionFailure("a search's dates are validated before it is made")
        }
        return "couch_rules_take(c, \(checkIn), \(checkOut.days(since: checkIn))::int, \(now)::timestamptz)"
    }

    static func statement(_ search: CouchSearch) -> SQLFragment {
        var conditions: [SQLFragment] = []
        if let city = search.city {
            conditions.append("lower(c.city) = lower(\(city))")
        }
        if let guests = search.guests {
            conditions.append("c.max_guests >= \(guests)")
        }
        if let area = search.area {
            // Answered by the GiST index on (latitude, longitude); couches without coordinates never match.
            conditions.append(
                """
                c.latitude BETWEEN \(area.minLatitude) AND \(area.maxLatitude) \
                AND c.longitude BETWEEN \(area.minLongitude) AND \(area.maxLongitude)
                """)
        }
        if let stay = search.stay {
            // Answered by the index behind occupancies_no_overlap (couch_id, stay): bookings, blocks,
            // imports and their turnover, and the stay's own turnover after it.
            conditions.append(
                """
                NOT EXISTS (SELECT 1 FROM occupancies o WHERE o.couch_id = c.id \
                AND o.stay && daterange(\(stay.checkIn)::date, \(stay.checkOut)::date + c.turnover_days))
                """)
            conditions.append(Self.withinRules(stay, now: search.now))
        }
        // Keyset pagination: the page starts strictly after the previous page's last (key, id).
        switch search.after {
        case nil:
            break
        case .newest(let micros, let id)?:
            conditions.append("(c.created_at, c.id) < (timestamptz '2000-01-01 00:00:00+00' + \(micros) * interval '1 microsecond', \(id))")
        case .price(let price, let id)?:
            conditions.append("(c.nightly_price, c.id) > (\(price), \(id))")
        case .rating(let average, let id)?:
            conditions.append("(coalesce(rated.average, 0), c.id) < (\(average), \(id))")
        }

        // Every order is (key, id), both ascending or both descending, so that one row comparison
        // continues it.
        let ratings: String
        let key: String
        let direction: String
        switch search.order {
        case .newest:
            (ratings, key, direction) = ("", "c.created_at", "DESC")
        case .price:
            (ratings, key, direction) = ("", "c.nightly_price", "ASC")
        case .rating:
            // Averages are computed here, never stored, from the index ratings_couch_stars alone.
            // With a city or a box, probing the index for each candidate couch is cheapest; over
            // every couch, one pass grouping all ratings is. Either way the average is the float8
            // that couchColumns reports, so cursors compare exactly.
            ratings =
                search.city != nil || search.area != nil
                ? " LEFT JOIN LATERAL (SELECT avg(stars)::float8 AS average FROM ratings WHERE couch_id = c.id) rated ON true"
                : """
                 LEFT JOIN (SELECT couch_id, avg(stars)::float8 AS average FROM ratings GROUP BY couch_id) rated \
                ON rated.couch_id = c.id
                """
            (key, direction) = ("coalesce(rated.average, 0)", "DESC")
        }
        let filter: SQLFragment = conditions.isEmpty ? "" : " WHERE \(SQLFragment.joined(conditions, separator: " AND "))"
        // The page is chosen first, from couches alone (a top-N sort, or an index walk that stops
        // early); only its rows then get the owner's name, rating summary and images of
        // couchColumns. Left to itself the planner may compute a cheap-looking column subquery
        // for every candidate before the sort.
        return """
            SELECT \(unescaped: CouchRepository.couchColumns)
            FROM \(unescaped: CouchRepository.couchTables)
            JOIN (SELECT c.id, \(unescaped: key) AS key
                  FROM couches c\(unescaped: ratings)\(filter)
                  ORDER BY \(unescaped: key) \(unescaped: direction), c.id \(unescaped: direction)
                  LIMIT \(search.limit + 1)) page ON page.id = c.id
            ORDER BY page.key \(unescaped: direction), page.id \(unescaped: direction)
            """
    }
}
