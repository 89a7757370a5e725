import FuzzSupport

/// Builds a multipart form from fuzzed parts (text fields, files in memory and on disk, the fields of a
/// value under fuzzed strategies) with the random boundary or a fuzzed one, and encodes it.
///
/// Oracle (an independent reader and statement of the rules, `MultipartReference`): encoding refuses,
/// with the `MultipartFormError` that names the first bad part, exactly the forms the documented rules
/// refuse (CR, LF or NUL, an escape a parser would undo, a bad content type, the boundary in a part, a bad
/// boundary); otherwise the body reads back as exactly the parts given, no part holds the boundary, the
/// stated `Content-Length` is the body's size, and the reader in chunks of a fuzzed size and a request
/// with `.multipart(form)` produce the same bytes (or the same error).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: size))
    MultipartCase(&input).check()
    return 0
}
