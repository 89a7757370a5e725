import Foundation
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Prints a section title, underlined.
func section(_ title: String) {
    print("\n" + title)
    print(String(repeating: "─", count: title.count))
}

/// Prints `label` in a fixed-width column, then `value`; further lines of `value` are indented to match.
func field(_ label: String, _ value: String) {
    let indent = String(repeating: " ", count: 11)
    let lines = value.split(separator: "\n", omittingEmptySubsequences: false)
    print("  " + label.padding(toLength: 9, withPad: " ", startingAt: 0) + (lines.first.map(String.init) ?? ""))
    for line in lines.dropFirst() { print(indent + line) }
}

/// Builds `request` and prints what would be sent: method, URL, headers, body and the cURL line.
func show(_ title: String, _ request: some Request) {
    section(title)
    do {
        let urlRequest = try request.makeURLRequest()
        field("method", urlRequest.httpMethod ?? "GET")
        field("URL", urlRequest.url?.absoluteString ?? "")
        let headers = (urlRequest.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }
        field("headers", headers.isEmpty ? "(none)" : headers.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))
        field("body", urlRequest.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "(none)")
        field("cURL", urlRequest.cURLCommand)
    } catch {
        field("error", "\(error)")
    }
}
