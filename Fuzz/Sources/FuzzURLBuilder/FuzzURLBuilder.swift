import Foundation
import FuzzSupport
import QueryRequest

/// Builds a request from fuzzed host text, path, interpolated segment, method, header and query.
///
/// Oracle (``RequestOracle``): a typed error, or a URL with the host's scheme, host, port and base
/// path, no dot segment, no user info or fragment, and headers without CR, LF or NUL.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLBuilder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: size))
    let shape = input.choice(4)
    let methods = ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH"]
    let fixedMethod = methods[input.choice(methods.count)]
    let host = input.field() ?? ""
    var path = input.field() ?? ""
    let segment = input.field() ?? ""
    switch shape {
    case 1: path += "/\(segment: segment)"
    case 2: path = "/items/\(segment: segment)/detail" + path
    default: break
    }
    let method = input.flag() ? HTTPMethod(rawValue: input.field() ?? "") : HTTPMethod(rawValue: fixedMethod)
    var headers: [String: String] = [:]
    if let name = input.field() { headers[name] = input.field() ?? "" }
    var query: [String: String] = [:]
    if let name = input.field() { query[name] = input.rest() }
    RequestOracle.check(
        FuzzRequest(host: TextHost(rawValue: host), path: path, method: method, headers: headers, query: query))
    return 0
}
