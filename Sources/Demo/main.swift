import Foundation
import QueryRequest

struct Q: Codable, Equatable {
    let totalLimit: Int
    let offset: Int
    let pageLimit: Int
    let age: Int?
    var type: [String] = ["day", "month", "year"]
    var field: [String] = ["image", "te,xt"]
    var deviceID: String = "aaaaaaaaaaaaaa"
    var text = "a b&c+d é"
    var filter = F()
    var dict = ["b": 1, "a": 2]
    var date = Date(timeIntervalSince1970: 1_509_466_556)
    var items = [F(), F()]
    private enum CodingKeys: String, CodingKey {
        case totalLimit, offset, pageLimit, age, type, field, text, filter, dict, date, items
        case deviceID = "device_id"
    }
}
struct F: Codable, Equatable {
    var min = 1
    var max: Double? = 2.5
    var tags: Set<String> = ["z", "y", "x"]
}
var e = QueryEncoder()
e.arrayEncodingStrategy = .indexedBrackets
var d = QueryDecoder()
d.arrayDecodingStrategy = .indexedBrackets
let q = Q(totalLimit: 48, offset: 0, pageLimit: 6, age: nil)
let s = try e.encodeToString(q)
print(s)
let back = try d.decode(Q.self, from: s)
print(back == q)
let items = try e.encode(q)
print(try d.decode(Q.self, from: items) == q)
for bad in [
    "totalLimit=1&totalLimit=2", "totalLimit=x", "a=%zz", "items[5][min]=1&totalLimit=1&offset=1&pageLimit=1",
    "type[0]=a&type[2]=b&totalLimit=1&offset=1&pageLimit=1",
] {
    do {
        _ = try d.decode(Q.self, from: bad)
        print("no error?")
    } catch { print(error) }
}
