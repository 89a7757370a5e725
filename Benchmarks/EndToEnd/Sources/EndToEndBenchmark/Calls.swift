import Foundation

// The two typical calls every variant makes, and what each must get back. The server answers 400 to anything
// else (Sources/EndToEndServer/main.swift), and every variant throws on a status other than the expected one.

/// One element of the GET's answer: a JSON array of 12 of these, about 1 KB.
struct Item: Decodable, Sendable {
    var id: Int
    var name: String
    var price: Double
    var tags: [String]
    var available: Bool
}

/// The POST's body.
struct NewItem: Encodable, Sendable {
    var name: String
    var price: Double
    var tags: [String]
}

/// The POST's answer.
struct Created: Decodable, Sendable {
    var id: Int
    var name: String
}

/// The GET's five query fields, one of them an array; every variant sends
/// `q=swift%20client&page=2&per_page=20&sort=updated&tags=server,linux,nio` (the array comma-separated, OpenAPI's
/// `style: form, explode: false`).
enum Fixture {
    static let q = "swift client"
    static let page = 2
    static let perPage = 20
    static let sort = "updated"
    static let tags = ["server", "linux", "nio"]
    static let newItem = NewItem(name: "widget", price: 9.5, tags: ["new", "sale"])

    static let itemCount = 12
    static let createdID = 101
}

struct UnexpectedResponse: Error, CustomStringConvertible {
    let description: String
}

/// Checks a decoded GET answer and returns a checksum, so that nothing is optimised away.
func check(items count: Int, firstID: Int?, lastName: String?) throws -> Int {
    guard count == Fixture.itemCount, firstID == 1, lastName == "Item number 12" else {
        throw UnexpectedResponse(description: "GET /items: \(count) items, first id \(String(describing: firstID))")
    }
    return count
}

/// Checks a decoded POST answer and returns a checksum.
func check(created id: Int, name: String) throws -> Int {
    guard id == Fixture.createdID, name == Fixture.newItem.name else {
        throw UnexpectedResponse(description: "POST /items: id \(id), name \(name)")
    }
    return id
}

func check(status: Int, expected: Int, _ call: String) throws {
    guard status == expected else {
        throw UnexpectedResponse(description: "\(call): status \(status), expected \(expected)")
    }
}
