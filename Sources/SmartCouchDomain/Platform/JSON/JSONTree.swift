import Foundation

/// What `JSONTreeEncoder` builds from an `Encodable` value before writing it: leaves keep their
/// Swift value (formatting happens once, straight into the output), objects and arrays are
/// references so that the containers an `Encoder` hands out can fill them in any order.
enum JSONNode {
    case null
    case bool(Bool)
    case int(Int64)
    case unsigned(UInt64)
    case double(Double)
    case float(Float)
    case string(String)
    case uuid(UUID)
    case date(Date)
    case decimal(Decimal)
    case object(JSONObject)
    case array(JSONArray)
}

final class JSONObject {
    var members: [(key: String, value: JSONNode)] = []

    /// A key set twice keeps its last value, as JSONEncoder does; the writer drops the earlier
    /// ones, so that setting stays constant time.
    func set(_ key: String, _ value: JSONNode) {
        members.append((key, value))
    }

    /// The object already under `key`, or a new one put there.
    func object(at key: String) -> JSONObject {
        if let member = members.last(where: { $0.key == key }), case .object(let object) = member.value { return object }
        let object = JSONObject()
        set(key, .object(object))
        return object
    }

    func array(at key: String) -> JSONArray {
        if let member = members.last(where: { $0.key == key }), case .array(let array) = member.value { return array }
        let array = JSONArray()
        set(key, .array(array))
        return array
    }
}

final class JSONArray {
    var elements: [JSONNode] = []
}
