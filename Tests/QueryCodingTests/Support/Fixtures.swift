import Foundation
import QueryCoding

// Small types shared by the encoder, decoder and round-trip suites.

struct Tags: Codable, Equatable {
    let type: [String]
}

struct Filter: Codable, Equatable {
    let min: Int
    let max: Int
}

struct Search: Codable, Equatable {
    let term: String
    let filter: Filter
}

/// Three levels of nesting below the top-level key: `a.b.c.d`.
struct Level1: Codable, Equatable {
    let a: Level2
}

struct Level2: Codable, Equatable {
    let b: Level3
}

struct Level3: Codable, Equatable {
    let c: Level4
}

struct Level4: Codable, Equatable {
    let d: Int
}

struct Item: Codable, Equatable, Hashable {
    let id: Int
    let name: String
}

struct Items: Codable, Equatable {
    let items: [Item]
}

struct Matrix: Codable, Equatable {
    let m: [[Int]]
}

struct Stamp: Codable, Equatable {
    let date: Date
}

struct Flags: Codable, Equatable {
    let on: Bool
    let off: Bool
}

struct Blob: Codable, Equatable {
    let data: Data
}

struct Text: Codable, Equatable {
    let q: String
}

struct OptionalFields: Codable, Equatable {
    let a: Int?
    let b: String?
    let c: Int
}

struct OptionalList: Codable, Equatable {
    let list: [Int?]
}

/// Keys in the shapes key strategies care about.
struct CasedKeys: Codable, Equatable {
    let deviceID: Int
    let myURLValue: Int
    let snake: Int
    let name: Int

    enum CodingKeys: String, CodingKey {
        case deviceID, myURLValue
        case snake = "user_name"
        case name
    }
}

enum Color: String, Codable, Hashable {
    case red
    case lightBlue = "light blue"
}

enum Level: Int, Codable {
    case low = 1
    case high = 10
}

/// A raw-value enum that can key a dictionary.
enum Side: String, Codable, CodingKeyRepresentable, Hashable {
    case left, right
}

struct Empty: Codable, Equatable {}

struct Wrapped<Value: Encodable>: Encodable {
    let value: Value
}

extension Wrapped: Decodable where Value: Decodable {}

extension Wrapped: Equatable where Value: Equatable {}

struct Listed<Value: Encodable>: Encodable {
    let list: Value
}

extension Listed: Decodable where Value: Decodable {}

extension Listed: Equatable where Value: Equatable {}
