import SmartCouchDomain
import SmartCouchServices
import Vapor

struct ReservationController {
    let reservations: ReservationService

    func register(authenticated: any RoutesBuilder) {
        let group = authenticated.grouped("reservations")
        group.post(use: book)
        group.post(":id", "cancel", use: cancel)
        group.post(":id", "accept", use: accept)
        group.post(":id", "decline", use: decline)
        group.post(":id", "shorten", use: shorten)
        group.get("user", ":userId", use: ofGuest)
        // A couch's id, in the place where /cancel has a reservation's: the router knows one name per place.
        group.get(":id", use: ofCouch)
    }

    @Sendable func book(_ request: Request) async throws -> Response {
        let input = try request.body(ReservationInput.self)
        let key = try request.headers.first(name: "Idempotency-Key").map { key in
            guard (1...255).contains(key.count), key.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
                throw AppError.badRequest("Idempotency-Key must be 1 to 255 visible ASCII characters")
            }
            return key
        }
        let result = try await reservations.book(input.booking, idempotencyKey: key, by: request.principal) { reservation in
            RecordedResponse(status: Int(HTTPStatus.created.code), body: try JSONCoding.encoder.encode(ReservationBody(reservation)))
        }
        let (recorded, replayed): (RecordedResponse, Bool)
        switch result {
        case .booked(let response): (recorded, replayed) = (response, false)
        case .replayed(let response): (recorded, replayed) = (response, true)
        case .keyUsedForAnotherBooking:
            throw AppError.invalid("Idempotency-Key", "was already used for a different request; use a new key for a new booking")
        }
        var headers = HTTPHeaders()
        headers.contentType = .json
        if replayed { headers.add(name: "Idempotent-Replayed", value: "true") }
        return Response(status: HTTPStatus(statusCode: recorded.status), headers: headers, body: .init(data: recorded.body))
    }

    @Sendable func cancel(_ request: Request) async throws -> ReservationBody {
        ReservationBody(try await reservations.cancel(request.uuid("id", as: "reservation id"), by: request.principal))
    }

    @Sendable func accept(_ request: Request) async throws -> ReservationBody {
        ReservationBody(try await reservations.decide(request.uuid("id", as: "reservation id"), accept: true, by: request.principal))
    }

    @Sendable func decline(_ request: Request) async throws -> ReservationBody {
        ReservationBody(try await reservations.decide(request.uuid("id", as: "reservation id"), accept: false, by: request.principal))
    }

    @Sendable func shorten(_ request: Request) async throws -> ReservationBody {
        let input = try request.body(ShortenInput.self)
        return ReservationBody(
            try await reservations.shorten(request.uuid("id", as: "reservation id"), checkOut: input.checkOut, by: request.principal))
    }

    @Sendable func ofGuest(_ request: Request) async throws -> [ReservationBody] {
        let filter = try request.query.decode(ReservationListQuery.self).filter
        return try await reservations.ofGuest(request.uuid("userId"), filter, by: request.principal).map(ReservationBody.init)
    }

    @Sendable func ofCouch(_ request: Request) async throws -> Response {
        let filter = try request.query.decode(ReservationListQuery.self).filter
        switch try await reservations.ofCouch(request.uuid("id", as: "couch id"), filter, by: request.principal) {
        case .full(let all): return try await all.map(CouchStayBody.init).encodeResponse(for: request)
        case .booked(let stays): return try await stays.map(StayBody.init).encodeResponse(for: request)
        }
    }
}
