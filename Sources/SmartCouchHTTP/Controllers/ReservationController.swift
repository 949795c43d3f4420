import SmartCouchDomain
import SmartCouchPersistence
import SmartCouchServices
import Vapor

struct ReservationController {
    let reservations: ReservationService

    func register(authenticated: any RoutesBuilder) {
        let group = authenticated.grouped("reservations")
        group.post(use: book)
        group.post(":id", "cancel", use: cancel)
        group.get("user", ":userId", use: ofGuest)
        // A couch's id, in the place where /cancel has a reservation's: the router knows one name per place.
        group.get(":id", use: ofCouch)
    }

    @Sendable func book(_ request: Request) async throws -> Response {
        let input = try request.body(ReservationInput.self)
        let (recorded, replayed) = try await reservations.book(
            input.booking, idempotencyKey: request.headers.first(name: "Idempotency-Key"), by: request.principal
        ) { reservation in
            RecordedResponse(status: Int(HTTPStatus.created.code), body: try JSONCoding.encoder.encode(ReservationBody(reservation)))
        }
        var headers = HTTPHeaders()
        headers.contentType = .json
        if replayed { headers.add(name: "Idempotent-Replayed", value: "true") }
        return Response(status: HTTPStatus(statusCode: recorded.status), headers: headers, body: .init(data: recorded.body))
    }

    @Sendable func cancel(_ request: Request) async throws -> ReservationBody {
        ReservationBody(try await reservations.cancel(request.uuid("id", as: "reservation id"), by: request.principal))
    }

    @Sendable func ofGuest(_ request: Request) async throws -> [ReservationBody] {
        let filter = try request.query.decode(ReservationListQuery.self).filter
        return try await reservations.ofGuest(request.uuid("userId"), filter, by: request.principal).map(ReservationBody.init)
    }

    @Sendable func ofCouch(_ request: Request) async throws -> Response {
        let filter = try request.query.decode(ReservationListQuery.self).filter
        switch try await reservations.ofCouch(request.uuid("id", as: "couch id"), filter, by: request.principal) {
        case .full(let all): return try await all.map(ReservationBody.init).encodeResponse(for: request)
        case .booked(let stays): return try await stays.map(StayBody.init).encodeResponse(for: request)
        }
    }
}
