import Foundation

/// Which name syntax nests, for a pair of array and nesting strategies: a per-field style that changes
/// it makes the decoder read the field's names again (see `ParsedQuery.restyledChild`).
struct NestingSyntax: Equatable {
    let dotsNest: Bool
    let bracketsNest: Bool

    init(dotsNest: Bool, bracketsNest: Bool) {
        self.dotsNest = dotsNest
        self.bracketsNest = bracketsNest
    }

    init(array: QueryArrayStyle, nesting: QueryEncoder.NestedKeyEncodingStrategy) {
        dotsNest = nesting == .dots
        bracketsNest = nesting == .brackets || array.namesElementsInBrackets
    }

    init(array: QueryArrayStyle, nesting: QueryDecoder.NestedKeyDecodingStrategy) {
        dotsNest = nesting == .dots
        bracketsNest = nesting == .brackets || array.namesElementsInBrackets
    }
}
