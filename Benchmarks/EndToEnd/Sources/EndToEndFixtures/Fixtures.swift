import Foundation

// What the server and the benchmark agree on: the two typical calls, their bodies and answers, and how a process
// reads its own CPU time. The server answers 400 to anything else, and every variant throws on a status other
// than the expected one.

/// One element of the GET's answer: a JSON array of 12 of these, about 1 KB.
public struct Item: Codable, Sendable {
    public var id: Int
    public var name: String
    public var price: Double
    public var tags: [String]
    public var available: Bool

    public init(id: Int, name: String, price: Double, tags: [String], available: Bool) {
        (self.id, self.name, self.price, self.tags, self.available) = (id, name, price, tags, available)
    }
}

/// The POST's body.
public struct NewItem: Codable, Equatable, Sendable {
    public var name: String
    public var price: Double
    public var tags: [String]

    public init(name: String, price: Double, tags: [String]) {
        (self.name, self.price, self.tags) = (name, price, tags)
    }
}

/// The POST's answer.
public struct Created: Codable, Sendable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        (self.id, self.name) = (id, name)
    }
}

/// The GET's five query fields, one of them an array; every variant sends
/// `q=swift%20client&page=2&per_page=20&sort=updated&tags=server,linux,nio` (the array comma-separated, OpenAPI's
/// `style: form, explode: false`).
public enum Fixture {
    public static let q = "swift client"
    public static let page = 2
    public static let perPage = 20
    public static let sort = "updated"
    public static let tags = ["server", "linux", "nio"]
    public static let newItem = NewItem(name: "widget", price: 9.5, tags: ["new", "sale"])

    public static let itemCount = 12
    public static let createdID = 101
}

/// The process's CPU time so far, user + system, in microseconds.
public func cpuMicroseconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec)
    let system = Double(usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_stime.tv_usec)
    return user + system
}
