import Foundation
import FuzzSupport
import QueryRequest

/// Decodes the fuzzer's query into several target types with fuzzed strategies and limits.
///
/// Oracles: the decoder is total (a value, a `DecodingError` or a `QueryDecodingLimitError`, never
/// another error or a trap); what it returns the mirrored encoder can write (decode ∘ encode is total);
/// and after one round trip the text is a fixed point — decoding what was written and writing it again
/// gives the same query (the documented lossy rows, such as an optional `[""]` reading as `nil`, may
/// change a value once, never twice).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: size))
    var coders = CoderPair(&input)
    coders.decoder.limits = input.limits()
    let asItems = input.choice(8) == 0
    let target = input.choice(DecoderTargets.count)
    let query = input.rest()
    DecoderTargets.check(target, query: query, asItems: asItems, coders: coders)
    return 0
}
