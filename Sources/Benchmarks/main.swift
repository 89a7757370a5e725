import Foundation
import QueryRequest

struct Typical: Codable {
    var totalLimit = 48
    var offset = 0
    var pageLimit = 6
    var age: Int? = 30
    var type = ["day", "month", "year"]
    var field = ["image", "text"]
    var deviceID = "aaaaaaaaaaaaaa"
    var keyword = "swift & co + café"
    enum CodingKeys: String, CodingKey {
        case totalLimit, offset, pageLimit, age, type, field
        case deviceID = "device_id"
        case keyword
    }
}
struct Ints8: Encodable { var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8 }
struct Empty: Encodable {}
let mode = CommandLine.arguments.dropFirst().first ?? "enc"
let n = Int(CommandLine.arguments.dropFirst(2).first ?? "1000")!
let value = Typical()
let encoder = QueryEncoder()
var total = 0
switch mode {
case "enc":
    for _ in 0..<n { total &+= try encoder.encodeToString(value).utf8.count }
case "items":
    for _ in 0..<n { total &+= try encoder.encode(value).count }
case "hand":
    for _ in 0..<n {
        var c = URLComponents()
        c.queryItems = [
            URLQueryItem(name: "totalLimit", value: String(value.totalLimit)),
            URLQueryItem(name: "offset", value: String(value.offset)),
            URLQueryItem(name: "pageLimit", value: String(value.pageLimit)),
            URLQueryItem(name: "age", value: value.age.map(String.init)),
            URLQueryItem(name: "type", value: value.type.joined(separator: ",")),
            URLQueryItem(name: "field", value: value.field.joined(separator: ",")),
            URLQueryItem(name: "device_id", value: value.deviceID), URLQueryItem(name: "keyword", value: value.keyword),
        ]
        total &+= c.percentEncodedQuery!.utf8.count
    }
case "handitems":
    for _ in 0..<n {
        let items = [
            URLQueryItem(name: "totalLimit", value: String(value.totalLimit)),
            URLQueryItem(name: "offset", value: String(value.offset)),
            URLQueryItem(name: "pageLimit", value: String(value.pageLimit)),
            URLQueryItem(name: "age", value: value.age.map(String.init)),
            URLQueryItem(name: "type", value: value.type.joined(separator: ",")),
            URLQueryItem(name: "field", value: value.field.joined(separator: ",")),
            URLQueryItem(name: "device_id", value: value.deviceID), URLQueryItem(name: "keyword", value: value.keyword),
        ]
        total &+= items.count
    }
case "handdec":
    let s = try encoder.encodeToString(value)
    for _ in 0..<n {
        let items = URLComponents(string: "?" + s)!.queryItems!
        var t = Typical()
        for item in items {
            switch item.name {
            case "totalLimit": t.totalLimit = Int(item.value!)!
            case "offset": t.offset = Int(item.value!)!
            case "pageLimit": t.pageLimit = Int(item.value!)!
            case "age": t.age = Int(item.value!)
            case "type": t.type = item.value!.split(separator: ",").map(String.init)
            case "field": t.field = item.value!.split(separator: ",").map(String.init)
            case "device_id": t.deviceID = item.value!
            case "keyword": t.keyword = item.value!
            default: break
            }
        }
        total &+= t.totalLimit
    }
case "dec":
    let s = try encoder.encodeToString(value)
    let d = QueryDecoder()
    for _ in 0..<n { total &+= try d.decode(Typical.self, from: s).totalLimit }
case "ints8":
    for _ in 0..<n { total &+= try encoder.encodeToString(Ints8()).utf8.count }
case "empty":
    for _ in 0..<n { total &+= try encoder.encodeToString(Empty()).utf8.count }
default: break
}
print(total)
