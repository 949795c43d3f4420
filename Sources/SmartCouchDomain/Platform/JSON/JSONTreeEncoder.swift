import Foundation

/// An `Encoder` that builds a `JSONNode` tree. Leaf types the server's JSON writes in a form of
/// its own (UUIDs, dates, decimals, URLs, data) are recognised by comparing metatypes, not by
/// dynamic casts, which made JSONEncoder's boxing the largest cost of answering a search.
final class JSONTreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Nil until the value encodes something.
    var node: JSONNode?

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    /// The coding path is made only for a value that is not a leaf: most are leaves.
    static func node<T: Encodable>(for value: T, at codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONNode {
        if let leaf = leaf(value) { return leaf }
        let encoder = JSONTreeEncoder(codingPath: codingPath())
        try value.encode(to: encoder)
        return encoder.node ?? .object(JSONObject())
    }

    /// The node of a type written without asking the value to encode itself.
    @inline(__always)
    static func leaf<T: Encodable>(_ value: T) -> JSONNode? {
        func cast<U>(_: U.Type) -> U { withUnsafePointer(to: value) { $0.withMemoryRebound(to: U.self, capacity: 1) { $0.pointee } } }
        if T.self == String.self { return .string(cast(String.self)) }
        if T.self == UUID.self { return .uuid(cast(UUID.self)) }
        if T.self == Int.self { return .int(Int64(cast(Int.self))) }
        if T.self == Date.self { return .date(cast(Date.self)) }
        if T.self == Double.self { return .double(cast(Double.self)) }
        if T.self == Bool.self { return .bool(cast(Bool.self)) }
        if T.self == Decimal.self { return .decimal(cast(Decimal.self)) }
        if T.self == URL.self { return .string(cast(URL.self).absoluteString) }
        if T.self == Data.self { return .string(cast(Data.self).base64EncodedString()) }
        return nil
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: JSONObject
        if case .object(let existing)? = node {
            object = existing
        } else {
            object = JSONObject()
            node = .object(object)
        }
        return KeyedEncodingContainer(KeyedJSONTreeContainer(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: JSONArray
        if case .array(let existing)? = node {
            array = existing
        } else {
            array = JSONArray()
            node = .array(array)
        }
        return UnkeyedJSONTreeContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleJSONTreeContainer(encoder: self) }
}

private struct KeyedJSONTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { object.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { object.set(key.stringValue, .double(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { object.set(key.stringValue, .float(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(key.stringValue, .int(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { object.set(key.stringValue, .unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { object.set(key.stringValue, .unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { object.set(key.stringValue, .unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { object.set(key.stringValue, .unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(key.stringValue, .unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(key.stringValue, try JSONTreeEncoder.node(for: value, at: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedJSONTreeContainer<NestedKey>(object: object.object(at: key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedJSONTreeContainer(array: object.array(at: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { ObjectMemberEncoder(object: object, key: "super", codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ObjectMemberEncoder(object: object, key: key.stringValue, codingPath: codingPath + [key])
    }
}

private struct UnkeyedJSONTreeContainer: UnkeyedEncodingContainer {
    let array: JSONArray
    let codingPath: [any CodingKey]
    var count: Int { array.elements.count }

    private var nextKey: any CodingKey { IndexKey(intValue: array.elements.count) }

    mutating func encodeNil() throws { array.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { array.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { array.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws { array.elements.append(.double(value)) }
    mutating func encode(_ value: Float) throws { array.elements.append(.float(value)) }
    mutating func encode(_ value: Int) throws { array.elements.append(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { array.elements.append(.int(value)) }
    mutating func encode(_ value: UInt64) throws { array.elements.append(.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(try JSONTreeEncoder.node(for: value, at: codingPath + [nextKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let object = JSONObject()
        let path = codingPath + [nextKey]
        array.elements.append(.object(object))
        return KeyedEncodingContainer(KeyedJSONTreeContainer<NestedKey>(object: object, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONArray()
        let path = codingPath + [nextKey]
        array.elements.append(.array(nested))
        return UnkeyedJSONTreeContainer(array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let index = array.elements.count
        array.elements.append(.object(JSONObject()))
        return ArrayElementEncoder(array: array, index: index, codingPath: codingPath + [IndexKey(intValue: index)])
    }
}

private struct SingleJSONTreeContainer: SingleValueEncodingContainer {
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.node = .null }
    mutating func encode(_ value: Bool) throws { encoder.node = .bool(value) }
    mutating func encode(_ value: String) throws { encoder.node = .string(value) }
    mutating func encode(_ value: Double) throws { encoder.node = .double(value) }
    mutating func encode(_ value: Float) throws { encoder.node = .float(value) }
    mutating func encode(_ value: Int) throws { encoder.node = .int(Int64(value)) }
    mutating func encode(_ value: Int8) throws { encoder.node = .int(Int64(value)) }
    mutating func encode(_ value: Int16) throws { encoder.node = .int(Int64(value)) }
    mutating func encode(_ value: Int32) throws { encoder.node = .int(Int64(value)) }
    mutating func encode(_ value: Int64) throws { encoder.node = .int(value) }
    mutating func encode(_ value: UInt) throws { encoder.node = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.node = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.node = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.node = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.node = .unsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.node = try JSONTreeEncoder.node(for: value, at: codingPath) }
}

/// A super encoder: what it encodes becomes one member of an object, or one element of an array.
private final class ObjectMemberEncoder: Encoder {
    let object: JSONObject
    let key: String
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(object: JSONObject, key: String, codingPath: [any CodingKey]) {
        self.object = object
        self.key = key
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedJSONTreeContainer(object: object.object(at: key), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedJSONTreeContainer(array: object.array(at: key), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        MemberValueContainer(set: { [object, key] in object.set(key, $0) }, codingPath: codingPath)
    }
}

private final class ArrayElementEncoder: Encoder {
    let array: JSONArray
    let index: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(array: JSONArray, index: Int, codingPath: [any CodingKey]) {
        self.array = array
        self.index = index
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let object) = array.elements[index] {
            return KeyedEncodingContainer(KeyedJSONTreeContainer(object: object, codingPath: codingPath))
        }
        let object = JSONObject()
        array.elements[index] = .object(object)
        return KeyedEncodingContainer(KeyedJSONTreeContainer(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let nested) = array.elements[index] { return UnkeyedJSONTreeContainer(array: nested, codingPath: codingPath) }
        let nested = JSONArray()
        array.elements[index] = .array(nested)
        return UnkeyedJSONTreeContainer(array: nested, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        MemberValueContainer(set: { [array, index] in array.elements[index] = $0 }, codingPath: codingPath)
    }
}

/// A single value that lands wherever `set` puts it.
private struct MemberValueContainer: SingleValueEncodingContainer {
    let set: (JSONNode) -> Void
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(.double(value)) }
    mutating func encode(_ value: Float) throws { set(.float(value)) }
    mutating func encode(_ value: Int) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { set(.int(value)) }
    mutating func encode(_ value: UInt) throws { set(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { set(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { set(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { set(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { set(.unsigned(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { set(try JSONTreeEncoder.node(for: value, at: codingPath)) }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
