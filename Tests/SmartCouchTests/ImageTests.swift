import Crypto
import Foundation
import PostgresNIO
import Testing

@Suite struct ImageTests {
    @Test func eachTypeIsStoredAndServedWithCachingHeaders() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)

            let jpeg = try await server.send(.POST, "/couches/\(couch)/images", body: Sample.jpeg, contentType: "image/jpeg", token: host.accessToken)
            #expect(jpeg.status == .created, "\(jpeg.text)")
            let png = try await server.send(
                .POST, "/couches/\(couch)/images", body: Sample.multipart(Sample.png, type: "image/png"),
                contentType: Sample.multipartType, token: host.accessToken)
            #expect(png.status == .created, "\(png.text)")
            let webp = try await server.send(
                .POST, "/couches/\(couch)/images", body: Sample.multipart(Sample.webp, type: nil),
                contentType: Sample.multipartType, token: host.accessToken)
            #expect(webp.status == .created, "\(webp.text)")

            let uploaded = try [jpeg, png, webp].map { try $0.json }
            #expect(uploaded.map { $0["contentType"] as? String } == ["image/jpeg", "image/png", "image/webp"])
            #expect(uploaded.map { $0["position"] as? Int } == [0, 1, 2])
            #expect(uploaded.map { $0["size"] as? Int } == [Sample.jpeg.count, Sample.png.count, Sample.webp.count])
            let paths = uploaded.compactMap { $0["path"] as? String }
            #expect(jpeg.headers.first(name: "Location") == paths[0])
            #expect(try await server.send(.GET, "/couches/\(couch)").json["images"] as? [String] == paths, "the couch lists its images in order")

            let samples = [(Sample.jpeg, "image/jpeg"), (Sample.png, "image/png"), (Sample.webp, "image/webp")]
            for (path, (bytes, type)) in zip(paths, samples) {
                let image = try await server.send(.GET, path)
                #expect(image.status == .ok)
                #expect(image.body == bytes)
                #expect(image.headers.first(name: "Content-Type") == type)
                #expect(image.headers.first(name: "ETag") == "\"\(Sample.sha256(bytes))\"")
                #expect(image.headers.first(name: "Cache-Control") == "public, max-age=31536000, immutable")
                let stored = server.configuration.imagesDirectory
                    .appendingPathComponent(String(Sample.sha256(bytes).prefix(2))).appendingPathComponent(Sample.sha256(bytes))
                #expect(FileManager.default.contents(atPath: stored.path) == bytes, "stored under its digest")
            }
        }
    }

    @Test func aKnownETagIsAnsweredNotModified() async throws {
        try await TestServer.with { server in
            let host = try await server.register()
            let couch = try await server.createCouch(by: host)
            let path = try await server.upload(Sample.png, type: "image/png", to: couch, by: host)
            let etag = "\"\(Sample.sha256(Sample.png))\""

            for header in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                let cached = try await server.send(.GET, path, headers: [("If-None-Match", header)])
                #expect(cached.status == .notModified, "\(header)")
                #expect(cached.body.isEmpty)
                #expect(cached.headers.first(name: "ETag") == etag)
                #expect(cached.headers.first(name: "Cache-Control") == "public, max-age=31536000, immutable")
            }
            let stale = try await server.send(.GET, path, headers: [("If-None-Match", "\"something-else\"")])
            #expect(stale.status == .ok)
            #expect(stale.body == Sample.png)

            try await server.send(.GET, "/images/\(UUID())").problem(.notFound)
            try await server.send(.GET, "/images/not-a-uuid").problem(.badRequest)
        }
    }

    @Test func typesAreJudgedByTheBytes() async throws {
        try await TestServer.with { server in
            let host = try await server.register()
            let couch = try await server.createCouch(by: host)
            let path = "/couches/\(couch)/images"

            // A declared image type the bytes contradict, or bytes of no known image type: 422.
            try await server.send(.POST, path, body: Sample.jpeg, contentType: "image/png", token: host.accessToken).problem(.unprocessableEntity)
            try await server.send(
                .POST, path, body: Sample.multipart(Sample.png, type: "image/webp"), contentType: Sample.multipartType, token: host.accessToken
            )
            .problem(.unprocessableEntity)
            try await server.send(
                .POST, path, body: Sample.multipart(Data("GIF89a...".utf8), type: nil), contentType: Sample.multipartType, token: host.accessToken
            )
            .problem(.unprocessableEntity)
            try await server.send(.POST, path, body: Data("RIFF\0\0\0\0WAVEfmt ".utf8), contentType: "image/webp", token: host.accessToken)
                .problem(.unprocessableEntity)
            try await server.send(.POST, path, body: Data(), contentType: "image/jpeg", token: host.accessToken).problem(.unprocessableEntity)
            // A body that is not sent as an image (or a form holding one) at all: 415.
            try await server.send(.POST, path, body: Sample.jpeg, contentType: "text/plain", token: host.accessToken).problem(.unsupportedMediaType)
            try await server.send(.POST, path, body: Sample.jpeg, token: host.accessToken).problem(.unsupportedMediaType)
            try await server.send(.POST, path, json: ["file": "base64?"], token: host.accessToken).problem(.unsupportedMediaType)
            // A form must hold exactly one file.
            try await server.send(
                .POST, path, body: Sample.multipart(Sample.png, type: nil, filename: nil), contentType: Sample.multipartType, token: host.accessToken
            )
            .problem(.unprocessableEntity)
            try await server.send(
                .POST, path, body: Data("--\(Sample.boundary)\r\nbroken".utf8), contentType: Sample.multipartType, token: host.accessToken
            )
            .problem(.badRequest)
            // A header name that is not ASCII once made the multipart parser trap and end the process.
            var nonASCII = Data("--\(Sample.boundary)\r\n".utf8)
            nonASCII.append(contentsOf: [0xF2, 0xAD, 0x9E, 0x92])
            nonASCII.append(Data("--\(Sample.boundary)--\r\n".utf8))
            try await server.send(.POST, path, body: nonASCII, contentType: Sample.multipartType, token: host.accessToken).problem(.badRequest)
            #expect(try await server.send(.GET, "/health").status == .ok)

            try await server.expectImages(0)
        }
    }

    @Test func imagesAreAtMostFiveMegabytes() async throws {
        try await TestServer.with { server in
            let host = try await server.register()
            let couch = try await server.createCouch(by: host)
            let path = "/couches/\(couch)/images"
            let largest = Sample.jpeg + Data(count: 5 * 1024 * 1024 - Sample.jpeg.count)

            try await server.send(.POST, path, body: largest + Data([0]), contentType: "image/jpeg", token: host.accessToken).problem(
                .payloadTooLarge)
            // Parsing five megabytes of multipart/form-data takes seconds of CPU in a debug build: on
            // a machine the whole suite loads, longer than a request's usual 30 s.
            let parsing = Duration.seconds(180)
            try await server.send(
                .POST, path, body: Sample.multipart(largest + Data([0]), type: "image/jpeg"), contentType: Sample.multipartType,
                token: host.accessToken, timeout: parsing
            )
            .problem(.payloadTooLarge)
            try await server.send(.POST, path, body: largest + Data(count: 1 << 20), contentType: "image/jpeg", token: host.accessToken).problem(
                .payloadTooLarge)
            try await server.expectImages(0)

            #expect(try await server.send(.POST, path, body: largest, contentType: "image/jpeg", token: host.accessToken).status == .created)
            #expect(
                try await server.send(
                    .POST, path, body: Sample.multipart(largest, type: "image/jpeg"), contentType: Sample.multipartType, token: host.accessToken,
                    timeout: parsing
                )
                .status == .created)
            try await server.expectImages(2)
        }
    }

    @Test func aCouchShowsAtMostTwentyImages() async throws {
        try await TestServer.with { server in
            let host = try await server.register()
            let couch = try await server.createCouch(by: host)
            for _ in 0..<20 { _ = try await server.upload(Sample.png, type: "image/png", to: couch, by: host) }

            try await server.send(.POST, "/couches/\(couch)/images", body: Sample.jpeg, contentType: "image/jpeg", token: host.accessToken)
                .problem(.conflict)
            try await server.expectImages(20)
            #expect((try await server.send(.GET, "/couches/\(couch)").json["images"] as? [String])?.count == 20)
        }
    }

    @Test func onlyTheOwnerAddsAndRemoves() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let stranger = try await server.register("Stranger")
            let couch = try await server.createCouch(by: host)
            let strangersCouch = try await server.createCouch(by: stranger)
            let path = try await server.upload(Sample.png, type: "image/png", to: couch, by: host)
            let imageId = path.replacingOccurrences(of: "/images/", with: "")

            try await server.send(.POST, "/couches/\(couch)/images", body: Sample.jpeg, contentType: "image/jpeg", token: stranger.accessToken)
                .problem(.forbidden)
            try await server.send(.POST, "/couches/\(couch)/images", body: Sample.jpeg, contentType: "image/jpeg").problem(.unauthorized)
            try await server.send(.POST, "/couches/\(UUID())/images", body: Sample.jpeg, contentType: "image/jpeg", token: host.accessToken).problem(
                .notFound)
            try await server.send(.DELETE, "/couches/\(couch)/images/\(imageId)", token: stranger.accessToken).problem(.forbidden)
            try await server.send(.DELETE, "/couches/\(couch)/images/\(imageId)").problem(.unauthorized)
            // The image is not the stranger's couch's, even to its owner.
            try await server.send(.DELETE, "/couches/\(strangersCouch)/images/\(imageId)", token: stranger.accessToken).problem(.notFound)
            try await server.expectImages(1)
            #expect(try await server.send(.GET, path).status == .ok)
        }
    }

    @Test func deletingRemovesTheRowAndTheFileOnceNothingShowsIt() async throws {
        try await TestServer.with { server in
            let host = try await server.register()
            let first = try await server.createCouch(by: host)
            let second = try await server.createCouch(by: host)
            let shared = try await server.upload(Sample.webp, type: "image/webp", to: first, by: host)
            let again = try await server.upload(Sample.webp, type: "image/webp", to: second, by: host)
            let kept = try await server.upload(Sample.jpeg, type: "image/jpeg", to: first, by: host)
            let file = server.configuration.imagesDirectory
                .appendingPathComponent(String(Sample.sha256(Sample.webp).prefix(2))).appendingPathComponent(Sample.sha256(Sample.webp))

            let id = { (path: String) in path.replacingOccurrences(of: "/images/", with: "") }
            #expect(try await server.send(.DELETE, "/couches/\(first)/images/\(id(shared))", token: host.accessToken).status == .noContent)
            try await server.send(.GET, shared).problem(.notFound)
            #expect(try await server.send(.GET, "/couches/\(first)").json["images"] as? [String] == [kept])
            #expect(FileManager.default.fileExists(atPath: file.path), "the other couch still shows these bytes")
            #expect(try await server.send(.GET, again).body == Sample.webp)

            #expect(try await server.send(.DELETE, "/couches/\(second)/images/\(id(again))", token: host.accessToken).status == .noContent)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            try await server.send(.DELETE, "/couches/\(second)/images/\(id(again))", token: host.accessToken).problem(.notFound)
            try await server.send(.DELETE, "/couches/\(second)/images/nope", token: host.accessToken).problem(.badRequest)

            // The next image takes the place after the last one, not a freed one.
            let next = try await server.send(.POST, "/couches/\(first)/images", body: Sample.png, contentType: "image/png", token: host.accessToken)
            #expect(try next.json["position"] as? Int == 2)
            try await server.expectImages(2)
        }
    }

    @Test func deletingACouchRemovesTheFilesOnlyItShowed() async throws {
        try await TestServer.with { server in
            let host = try await server.register()
            let leaving = try await server.createCouch(by: host)
            let staying = try await server.createCouch(by: host)
            _ = try await server.upload(Sample.jpeg, type: "image/jpeg", to: leaving, by: host)
            _ = try await server.upload(Sample.png, type: "image/png", to: leaving, by: host)
            let shared = try await server.upload(Sample.png, type: "image/png", to: staying, by: host)
            func file(_ bytes: Data) -> String {
                server.configuration.imagesDirectory
                    .appendingPathComponent(String(Sample.sha256(bytes).prefix(2))).appendingPathComponent(Sample.sha256(bytes)).path
            }

            #expect(try await server.send(.DELETE, "/couches/\(leaving)", token: host.accessToken).status == .noContent)
            #expect(!FileManager.default.fileExists(atPath: file(Sample.jpeg)), "only the deleted couch showed it")
            #expect(FileManager.default.fileExists(atPath: file(Sample.png)), "the other couch still shows it")
            #expect(try await server.send(.GET, shared).body == Sample.png)
            try await server.expectImages(1)
        }
    }
}

/// Small images of each type: valid signatures followed by filler.
enum Sample {
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF sample".utf8)
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("IHDR sample".utf8)
    static let webp = Data("RIFF".utf8) + Data([0x10, 0, 0, 0]) + Data("WEBPVP8 sample".utf8)

    static let boundary = "sample-boundary-7d2f"
    static let multipartType = "multipart/form-data; boundary=\(boundary)"

    /// A form with a text field and one file part (no filename: not a file part).
    static func multipart(_ bytes: Data, type: String?, filename: String? = "photo") -> Data {
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nLiving room\r\n".utf8)
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"\(filename.map { "; filename=\"\($0)\"" } ?? "")\r\n".utf8)
        if let type { body += Data("Content-Type: \(type)\r\n".utf8) }
        body += Data("\r\n".utf8) + bytes + Data("\r\n--\(boundary)--\r\n".utf8)
        return body
    }

    static func sha256(_ bytes: Data) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}

extension TestServer {
    /// Uploads the bytes and returns the image's path.
    func upload(_ bytes: Data, type: String, to couch: UUID, by owner: Account) async throws -> String {
        let response = try await send(.POST, "/couches/\(couch)/images", body: bytes, contentType: type, token: owner.accessToken)
        #expect(response.status == .created, "upload: \(response.text)")
        return try #require(try response.json["path"] as? String)
    }

    func expectImages(_ expected: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let rows = try await database.client.query("SELECT count(*)::int FROM couch_images")
        #expect(try await rows.decode(Int.self).only() == expected, sourceLocation: sourceLocation)
    }
}
