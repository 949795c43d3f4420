import NIOCore
import PostgresNIO
import SmartCouchDomain

/// PostgreSQL's `date` travels as the number of days since 2000-01-01 (a 32-bit integer), so
/// dates are bound and read without formatting or parsing text.
extension CalendarDate: PostgresNonThrowingEncodable, PostgresDecodable {
    /// 2000-01-01, in days since 1970-01-01.
    private static let postgresEpoch = 10_957

    package static var psqlType: PostgresDataType { .date }
    package static var psqlFormat: PostgresFormat { .binary }

    package func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeInteger(Int32(daysSinceEpoch - Self.postgresEpoch))
    }

    package init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat, context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        guard type == .date else { throw PostgresDecodingError.Code.typeMismatch }
        guard format == .binary, buffer.readableBytes == 4, let days = buffer.readInteger(as: Int32.self) else {
            throw PostgresDecodingError.Code.failure
        }
        self.init(daysSinceEpoch: Int(days) + Self.postgresEpoch)
    }
}
