import Foundation

/// Types the encoder writes without going through their own `encode(to:)`: the scalars, whose text it
/// formats directly, and the standard collections, whose order and shape it controls.
protocol QueryEncodingFastPath {
    func encodeQuery<Slot: EncodingSlot>(at slot: Slot) throws
}
