import Foundation
import QueryRequest

struct Q: Encodable {
    let totalLimit: Int
    let offset: Int
    let pageLimit: Int
    let age: Int?
    let type: [String] = ["day", "month", "year"]
    let field: [String] = ["image", "text"]
    let deviceID: String = "aaaaaaaaaaaaaa"
    let text = "a b&c+d é"
    let filter = F()
    let dict = ["b": 1, "a": 2]
    let date = Date(timeIntervalSince1970: 1509466556.25)
    private enum CodingKeys: String, CodingKey {
        case totalLimit, offset, pageLimit, age, type, field, text, filter, dict, date
        case deviceID = "device_id"
    }
}
struct F: Encodable {
    let min = 1
    let max: Double? = 2.5
    let tags: Set<String> = ["z", "y", "x"]
}
var e = QueryEncoder()
print(try e.encodeToString(Q(totalLimit: 48, offset: 0, pageLimit: 6, age: nil)))
e.nilEncodingStrategy = .null
e.arrayEncodingStrategy = .indexedBrackets
e.nestedKeyEncodingStrategy = .brackets
e.outputFormatting = .sortedKeys
print(try e.encodeToString(Q(totalLimit: 48, offset: 0, pageLimit: 6, age: nil)))
print(try e.encode(Q(totalLimit: 48, offset: 0, pageLimit: 6, age: nil)))
do { _ = try QueryEncoder().encodeToString([1, 2]) } catch { print(error) }
do { _ = try QueryEncoder().encodeToString(5) } catch { print(error) }
do { _ = try QueryEncoder().encodeToString(["a.b": 1]) } catch { print(error) }
