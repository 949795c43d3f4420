import Foundation
import TestSupport
import Testing

@testable import SmartCouchHTTP
@testable import SmartCouchPersistence

/// A log line says what happened and nothing a caller can bend: credentials are masked whatever
/// their scheme, and text from a request or a peer cannot start a line of its own.
@Suite struct LogLineTests {
    @Test func credentialsAreMaskedWhateverTheirScheme() {
        let lines = [
            "Host: a; Authorization: Token SECRET1; X-Request-Id: abc",
            #"Authorization: Digest username="u", response="SECRET2""#,
            "authorization: SECRET3",
            "Authorization: Bearer k3y;SECRET4",
            "Proxy-Authorization: Basic SECRET5",
            "Cookie: session=SECRET6; theme=SECRET7; X-Request-Id: abc",
            "x-api-key: SECRET8",
            "X-OPENHAB-TOKEN: SECRET9",
            "GET /stays/SECRET10/checkout",
            "GET /events?access_token=SECRET11 HTTP/1.1",
            "uri: /users/me?x=1&Refresh_Token=SECRET12&y=2",
            "GET /data/2.5/weather?q=Budapest&appid=SECRET13",
            "GET /x?api_key=SECRET14#top"
        ]
        for line in lines {
            let logged = RedactingLogHandler.cleaned(line)
            #expect(!logged.contains("SECRET"), "\(line) → \(logged)")
        }
        #expect(
            RedactingLogHandler.cleaned("Host: a; Authorization: Token SECRET; X-Request-Id: abc").hasSuffix("; X-Request-Id: abc"),
            "the headers after it stay readable")
    }

    @Test func controlCharactersAreWrittenAsEscapes() {
        #expect(RedactingLogHandler.cleaned("x\n[ ERROR ] forged\r\u{1B}[31m\u{85}\u{2028}") == #"x\n[ ERROR ] forged\r\u{1b}[31m\u{85}\u{2028}"#)
        #expect(RedactingLogHandler.cleaned("plain ünïcode") == "plain ünïcode")
    }

    @Test func aPathCannotWriteALineOfItsOwnAndItsValuesAreCut() async throws {
        let (server, dataDirectory) = try Clusters.ownCluster(["LOG_LEVEL": "info"])
        defer { try? FileManager.default.removeItem(at: EmbeddedPostgres.location(for: dataDirectory)) }
        try await server.waitUntilReady()
        _ = try await server.send(.GET, "/couches/x%0A%5B%20ERROR%20%5D%20forged%20line%1B%5B31m")
        _ = try await server.send(.GET, "/couches/" + String(repeating: "a", count: 5000))
        #expect(try await server.stop() == 0, "\(server.printed.suffix(4000))")
        let lines = server.printed.split(separator: "\n")
        #expect(!lines.contains { $0.contains("[ ERROR ] forged") && !$0.contains("GET /couches/x") }, "\(lines.suffix(10))")
        #expect(!server.printed.contains("\u{1B}[31m"))
        #expect(lines.contains { $0.contains("GET /couches/" + String(repeating: "a", count: 64) + "…") }, "\(lines.suffix(10))")
        #expect(!server.printed.contains(String(repeating: "a", count: 65)))
    }
}
