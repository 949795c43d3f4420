import SmartCouchDomain
import SmartCouchServices
import Vapor

struct ImageController {
    let images: ImageService

    /// Room for a multipart envelope (boundaries, part headers) around a file of the largest size.
    static let multipartOverhead = 16 * 1024

    func register(routes: any RoutesBuilder, authenticated: any RoutesBuilder) {
        routes.get("images", ":id", use: get)
        let owner = authenticated.grouped("couches", ":id", "images")
        // Only this route takes large bodies, streamed: see `body(of:)`.
        owner.on(.POST, body: .stream, use: upload)
        owner.delete(":imageId", use: delete)
    }

    @Sendable func upload(_ request: Request) async throws -> Response {
        let (declaredType, bytes) = try Self.file(in: request, body: try await Self.body(of: request))
        let couchId = try request.uuid("id", as: "couch id")
        let image = try await spelling(["image": "file"]) {
            try await images.add(to: couchId, declaredType: declaredType, bytes: bytes, by: request.principal)
        }
        let body = ImageBody(image)
        let response = try await body.encodeResponse(status: .created, for: request)
        response.headers.replaceOrAdd(name: .location, value: body.path)
        return response
    }

    @Sendable func get(_ request: Request) async throws -> Response {
        let known = (request.headers[.ifNoneMatch]).flatMap { $0.split(separator: ",") }.map(Self.opaqueTag)
        switch try await images.read(request.uuid("id", as: "image id"), knownTags: known) {
        case .unchanged(let image):
            return Response(status: .notModified, headers: Self.cacheHeaders(image))
        case .content(let image, let bytes):
            var headers = Self.cacheHeaders(image)
            headers.replaceOrAdd(name: .contentType, value: image.type.rawValue)
            return Response(status: .ok, headers: headers, body: .init(data: bytes))
        }
    }

    @Sendable func delete(_ request: Request) async throws -> HTTPStatus {
        try await images.delete(request.uuid("imageId", as: "image id"), of: request.uuid("id", as: "couch id"), by: request.principal)
        return .noContent
    }

    /// The body, when it is at most an image and its envelope. A larger one is read to its end and
    /// thrown away before the 413: answered while it was still sending, a client reads the answer
    /// only once its upload is done, and the upload stalls against a server that stopped reading
    /// until the client's own deadline; its connection then takes no other request. Only a body
    /// announced larger than `refusedUnread` is refused before it is read, as Vapor then discards
    /// it itself.
    static func body(of request: Request) async throws -> ByteBuffer {
        let limit = ImageService.maxBytes + multipartOverhead
        let tooLarge = Abort(.payloadTooLarge, reason: "an image may have at most \(ImageService.maxBytes) bytes")
        if let announced = request.headers.first(name: .contentLength).flatMap(Int.init), announced > refusedUnread { throw tooLarge }
        var body = ByteBuffer()
        var received = 0
        do {
            for try await chunk in request.body {
                received += chunk.readableBytes
                if received <= limit { body.writeImmutableBuffer(chunk) }
            }
        } catch {
            // The client went away, or broke its framing, half-way through.
            throw AppError.badRequest("the upload ended before its body did")
        }
        guard received <= limit else { throw tooLarge }
        return body
    }

    /// A body announced larger than this is refused before any of it is read.
    static let refusedUnread = 4 * ImageService.maxBytes

    /// The uploaded bytes and the media type the client gave them: the raw body with an image
    /// Content-Type, or the one file part of a multipart/form-data body.
    static func file(in request: Request, body: ByteBuffer) throws -> (declaredType: String?, bytes: Data) {
        guard let contentType = request.headers.contentType else {
            throw Abort(
                .unsupportedMediaType,
                reason: "send the image as multipart/form-data or as its bytes with Content-Type image/jpeg, image/png or image/webp")
        }
        if contentType.type == "multipart" && contentType.subType == "form-data" {
            guard let boundary = contentType.parameters["boundary"] else {
                throw AppError.badRequest("multipart/form-data needs a boundary parameter")
            }
            return try filePart(of: body, boundary: boundary)
        }
        let declared = "\(contentType.type)/\(contentType.subType)".lowercased()
        guard ImageType(rawValue: declared) != nil else {
            throw Abort(
                .unsupportedMediaType, reason: "images are image/jpeg, image/png or image/webp (or one file in multipart/form-data), not \(declared)")
        }
        try checkSize(body)
        return (declared, Data(buffer: body))
    }

    /// The single part with a filename; its Content-Type, if it names one, is the declared type.
    static func filePart(of body: ByteBuffer, boundary: String) throws -> (declaredType: String?, bytes: Data) {
        struct Part {
            var headers = HTTPHeaders()
            var body = ByteBuffer()
        }
        var parts: [Part] = []
        var current = Part()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in current.headers.add(name: name, value: value) }
        parser.onBody = { chunk in current.body.writeBuffer(&chunk) }
        parser.onPartComplete = {
            parts.append(current)
            current = Part()
        }
        // The parser waits for more input rather than failing on a body cut short, so a body
        // without its closing delimiter is malformed too.
        let closing = Data("--\(boundary)--".utf8)
        guard headerNamesAreASCII(Data(buffer: body), boundary: boundary) else {
            throw AppError.badRequest("the multipart/form-data body is malformed")
        }
        do {
            try parser.execute(body)
        } catch {
            throw AppError.badRequest("the multipart/form-data body is malformed")
        }
        guard Data(buffer: body).range(of: closing) != nil else {
            throw AppError.badRequest("the multipart/form-data body ends before its closing boundary")
        }
        let files = parts.filter { $0.headers.contentDisposition?.filename != nil }
        guard files.count == 1, let file = files.first else {
            throw AppError.invalid("file", "send exactly one file part (with a filename), not \(files.count)")
        }
        try checkSize(file.body)
        let declared = file.headers.contentType.map { "\($0.type)/\($0.subType)".lowercased() }
        return (declared == "application/octet-stream" ? nil : declared, Data(buffer: file.body))
    }

    /// MultipartKit looks a header name's bytes up in a 128-entry table and traps on a byte above
    /// 127 instead of failing, so one such part would end the process. A header name is ASCII
    /// (RFC 9110 token); values may carry UTF-8 filenames and are left to the parser.
    static func headerNamesAreASCII(_ body: Data, boundary: String) -> Bool {
        let delimiter = Data("--\(boundary)\r\n".utf8)
        let lineEnd = Data("\r\n".utf8)
        var searchFrom = body.startIndex
        while let part = body.range(of: delimiter, in: searchFrom..<body.endIndex) {
            var line = part.upperBound
            while line < body.endIndex {
                let end = body.range(of: lineEnd, in: line..<body.endIndex)?.lowerBound ?? body.endIndex
                if end == line { break }
                let nameEnd = body[line..<end].firstIndex(of: UInt8(ascii: ":")) ?? end
                if body[line..<nameEnd].contains(where: { $0 > 127 }) { return false }
                line = min(end + lineEnd.count, body.endIndex)
            }
            searchFrom = line
        }
        return true
    }

    static func checkSize(_ bytes: ByteBuffer) throws {
        guard bytes.readableBytes <= ImageService.maxBytes else {
            throw Abort(.payloadTooLarge, reason: "an image may have at most \(ImageService.maxBytes) bytes")
        }
    }

    /// An entity tag without its quotes or weak marker: If-None-Match compares weakly.
    static func opaqueTag(_ raw: Substring) -> String {
        var tag = raw.trimmingCharacters(in: .whitespaces)
        if tag.hasPrefix("W/") { tag.removeFirst(2) }
        return tag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// The bytes behind an image id never change, so caches may keep them for good.
    static func cacheHeaders(_ image: CouchImage) -> HTTPHeaders {
        ["ETag": "\"\(image.sha256)\"", "Cache-Control": "public, max-age=31536000, immutable"]
    }
}

struct ImageBody: Content {
    var id: UUID
    var couchId: UUID
    var position: Int
    var contentType: String
    var size: Int
    /// Where to GET the bytes.
    var path: String
    var createdAt: Date

    init(_ image: CouchImage) {
        id = image.id
        couchId = image.couchId
        position = image.position
        contentType = image.type.rawValue
        size = image.byteSize
        path = "/images/\(image.id.uuidString.lowercased())"
        createdAt = image.createdAt
    }
}
