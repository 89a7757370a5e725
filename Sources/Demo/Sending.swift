import Foundation
import QueryRequest
import SampleAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Demo's last part: requests sent through `APIClient` with an API key and a redacting logging
/// middleware, answered by a `StubNetworkSession` with canned replies, so that nothing leaves the process.
/// Returns the lines to print (the tests read them).
func sendingDemo() async -> [String] {
    let lines = DemoLines()
    let session = StubNetworkSession()
    // The first answer asks to retry at once; the second one is the user.
    session.stub(
        .get, "/v1/users/42", with: .init(status: 503, headers: ["Retry-After": "0"]),
        .json(#"{"id": 42, "firstName": "Ann"}"#))
    session.stub(.get, "/v1/users/7", with: .json(#"{"code": "not_found", "message": "No user 7"}"#, status: 404))
    let redaction = Redaction.default.redactingQueryParameters("api_key")
    let client = APIClient(
        session: session,
        hostOverride: Hosts.production,  // the requests say .staging; this client sends them to production
        middleware: [
            APIKeyMiddleware("demo-secret-key", in: .queryParameter("api_key"), scope: .everyRequest),
            // After the key middleware, so that it sees the key, and redacts it.
            LoggingMiddleware(
                redaction: redaction,
                destination: .custom { message in lines.append("log      \(message.text)") }),
        ],
        errorBody: APIErrorBody.self)

    do {
        let user = try await client.send(UserRequest(id: 42))
        lines.append("user     User(id: \(user.id), firstName: \(user.firstName))")
    } catch {
        lines.append("error    \(error)")
    }
    do {
        _ = try await client.send(UserRequest(id: 7))
        lines.append("error    expected a 404")
    } catch let error as APIError {
        lines.append("status   \(error.statusCode.map(String.init) ?? "none")")
        if let body = error.apiError(as: APIErrorBody.self) {
            lines.append("apiError \(body.code): \(body.message)")
        }
        // The description names the URL, key included: redact it too before it leaves the process.
        lines.append("message  \(redaction.redactedDescription(of: error))")
    } catch {
        lines.append("error    \(error)")
    }
    return lines.all
}

/// Lines collected from the client's `onAttempt` hook, which may run on any thread.
///
/// `@unchecked Sendable`: `lines`, the only mutable state, is private and only read or written while
/// holding `lock`.
final class DemoLines: @unchecked Sendable {
    private var lines: [String] = []
    private let lock = NSLock()

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
