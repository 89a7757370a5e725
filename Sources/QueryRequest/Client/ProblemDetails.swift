import Foundation

/// An RFC 9457 "problem detail" (`application/problem+json`): the error body many HTTP APIs send, ready to
/// use as a request's ``Request/ErrorBody`` or as the client's `errorBody`.
///
/// ```swift
/// let client = APIClient(errorBody: ProblemDetails.self)
/// do {
///     try await client.send(TransferRequest(amount: 30))
/// } catch let error as APIError {
///     if let problem = error.apiError(as: ProblemDetails.self) {
///         print(problem.title ?? "", problem.detail ?? "", problem.extensions["balance"] ?? .null)
///     }
/// }
/// ```
///
/// The five members of the RFC are read when they have the type it gives them; a member of another type is
/// ignored, as RFC 9457 §3.1 requires. Every other member is kept, as JSON, in ``extensions``.
public struct ProblemDetails: Decodable, Sendable, Hashable {
    /// A URI reference that identifies the problem type; `about:blank` when absent (RFC 9457 §3.1.1).
    public var type: String
    /// A short, human-readable summary of the problem type.
    public var title: String?
    /// The HTTP status code the server generated for this occurrence.
    public var status: Int?
    /// A human-readable explanation specific to this occurrence.
    public var detail: String?
    /// A URI reference that identifies this occurrence.
    public var instance: String?
    /// Every member other than the five above, by name, as it was sent.
    public var extensions: [String: JSONValue]

    /// Creates a problem detail; every parameter has a default.
    public init(
        type: String = "about:blank", title: String? = nil, status: Int? = nil, detail: String? = nil,
        instance: String? = nil, extensions: [String: JSONValue] = [:]
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.extensions = extensions
    }

    /// Reads a JSON object; a member of the RFC with another type than its own is ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberName.self)
        var members: [String: JSONValue] = [:]
        for key in container.allKeys {
            members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        func text(_ name: String) -> String? {
            guard case .string(let value)? = members.removeValue(forKey: name) else { return nil }
            return value
        }
        type = text("type") ?? "about:blank"
        title = text("title")
        detail = text("detail")
        instance = text("instance")
        switch members.removeValue(forKey: "status") {
        case .integer(let value)?: status = value
        default: status = nil
        }
        extensions = members
    }

    private struct MemberName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
