import NIOCore
import PostgresNIO

/// PostgreSQL's `date` travels as the number of days since 2000-01-01 (a 32-bit integer), so
/// dates are bound and read without formatting or parsing text.
extension CalendarDate: PostgresNonThrowingEncodable, PostgresDecodable {
    /// 2000-01-01, in days since 1970-01-01.
    private static let postgresEpoch = 10_957

    public static var psqlType: PostgresDataType { .date }
    public static var psqlFormat: PostgresFormat { .binary }

    public func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeInteger(Int32(daysSinceEpoch - Self.postgresEpoch))
    }

    public init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat, context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        guard type == .date else { throw PostgresDecodingError.Code.typeMismatch }
        guard format == .binary, buffer.readableBytes == 4, let days = buffer.readInteger(as: Int32.self) else {
            throw PostgresDecodingError.Code.failure
        }
        self.init(daysSinceEpoch: Int(days) + Self.postgresEpoch)
    }
}
