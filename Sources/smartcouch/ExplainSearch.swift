import ArgumentParser
import Foundation
import SmartCouchBootstrap
import SmartCouchDomain
import SmartCouchHTTP
import SmartCouchPersistence
import SmartCouchServices

/// Shows how PostgreSQL runs couch search: the statement and binds are the ones `GET /couches`
/// uses for the same query string (built by the same repository code), not a copy of its SQL.
struct ExplainSearch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain-search",
        abstract: "Print the executed plan (EXPLAIN ANALYZE, BUFFERS) and timings of the SQL behind GET /couches.")

    @Argument(help: "The query string of GET /couches, e.g. 'city=Budapest&sort=price&limit=20'.")
    var query: String
    @Option(help: "Times to run the query itself, for its timing.")
    var runs = 5
    @Option(help: "Pages to follow through nextCursor (each is explained and timed).")
    var pages = 1
    @Option(
        name: .customLong("pgbench-script"),
        help: "Instead of explaining, write the statement, binds inlined as typed literals, to this file as a pgbench script (run it with -M simple)."
    )
    var pgbenchScript: String?
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        var parameters = try Self.parameters(query)
        try await withDatabase(database.url) { settings, host, logger in
            let database = try host.database(settings: settings)
            try await database.whileRunning {
                let repository = CouchSearchRepository(client: database.client, logger: logger)
                if let pgbenchScript {
                    // pgbench's extended mode would take the ':MI' of 'HH24:MI' for a variable, hence
                    // literals and the simple protocol; with the values known, PostgreSQL plans the
                    // literals as it plans the endpoint's binds. A file, as the log goes to stdout.
                    let statement = try await repository.inlinedStatement(parameters.criteria())
                    try "-- GET /couches?\(query)\n\(statement);\n".write(toFile: pgbenchScript, atomically: true, encoding: .utf8)
                    return
                }
                for page in 1...max(pages, 1) {
                    let search = try parameters.criteria()
                    print("== GET /couches?\(query)\(page > 1 ? " (page \(page))" : "")")
                    for line in try await repository.explain(search) { print(line) }
                    var timings: [Double] = []
                    var result: Page<Couch>?
                    for _ in 0..<max(runs, 1) {
                        let start = ContinuousClock.now
                        result = try await repository.search(search)
                        let elapsed = ContinuousClock.now - start
                        timings.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
                    }
                    timings.sort()
                    print(
                        String(
                            format: "-- %d couches; %d runs through PostgresNIO: min %.2f ms, median %.2f ms, max %.2f ms",
                            result?.items.count ?? 0, timings.count, timings[0], timings[timings.count / 2], timings[timings.count - 1]))
                    guard let next = result?.next else { break }
                    parameters.cursor = next.token
                }
            }
        }
    }

    static func parameters(_ query: String) throws -> CouchSearchQuery {
        guard let items = URLComponents(string: "?" + query)?.queryItems else {
            throw ValidationError("'\(query)' is not a query string")
        }
        var values: [String: String] = [:]
        for item in items { values[item.name] = item.value ?? "" }
        return CouchSearchQuery(
            city: values["city"], checkIn: values["checkIn"], checkOut: values["checkOut"], guests: values["guests"],
            minLat: values["minLat"], minLon: values["minLon"], maxLat: values["maxLat"], maxLon: values["maxLon"],
            sort: values["sort"], limit: values["limit"], cursor: values["cursor"])
    }
}
