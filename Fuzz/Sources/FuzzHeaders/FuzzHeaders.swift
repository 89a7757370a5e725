import Foundation
import FuzzSupport
import QueryRequest

/// Builds a request with fuzzed setting and request headers.
///
/// Oracle: building refuses exactly what RFC 9110 and the library's rules refuse (a name that is no
/// token, a value with CR, LF or NUL, one name spelled twice in one dictionary, a transport header) and
/// otherwise every header reads back exactly, the request's winning over the setting's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: size))
    var settingHeaders: [String: String] = [:]
    var requestHeaders: [String: String] = [:]
    while let name = input.field() {
        let value = input.field() ?? ""
        if input.flag() { settingHeaders[name] = value } else { requestHeaders[name] = value }
    }
    let request = FuzzRequest(
        host: TextHost(rawValue: "https://api.example.com/v1"), path: "/x",
        setting: APISetting(headers: settingHeaders), headers: requestHeaders)
    let refusals = HeaderReference.refusals(settingHeaders) + HeaderReference.refusals(requestHeaders)
    do {
        _ = try request.makeURLRequest()
        fuzzRequire(refusals.isEmpty, "built headers the reference refuses: \(refusals)")
    } catch let error as RequestBuildingError {
        fuzzRequire(!refusals.isEmpty, "refused headers the reference accepts: \(error)")
        fuzzRequire(
            refusals.contains(where: { $0.matches(error) }), "the error \(error) names none of \(refusals)")
        return 0
    } catch {
        fuzzFailure("building threw \(String(reflecting: error)), which is not a RequestBuildingError")
    }
    RequestOracle.check(request)
    return 0
}
