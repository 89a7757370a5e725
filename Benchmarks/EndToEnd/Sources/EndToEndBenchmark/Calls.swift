import EndToEndFixtures
import Foundation

// How a variant checks what it got back (the calls and their values: `EndToEndFixtures`).

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
