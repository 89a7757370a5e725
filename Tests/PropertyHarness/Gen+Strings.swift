/// Strings known to break query encoders and parsers: every reserved character alone, malformed and
/// well-formed escapes, line and format controls, emoji sequences, combining marks, right-to-left text,
/// prototype-pollution names, the empty string and very long strings.
public enum Troublemakers {
    /// The pool, simplest first (`&` is what a shrunk counterexample usually becomes).
    public static let pool: [String] = [
        "&", "=", "+", ";", ",", "#", "%", "?", "/", "[", "]", ".", " ", "",
        "%G1", "%4", "%zz", "%%", "%41", "%2B", "%20", "%00", "%C3%28", "%E9",
        "a=b&c=d", "a+b c", "x,y", "x,,y", ",", "a[b]", "a[]", "a[0]", "a.b", "[]", "a;b", "?a=1", "#frag", "a/b",
        "\r", "\n", "\r\n", "\0", "\t", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{FEFF}",
        "\u{FEFF}a", "\u{200B}", "\u{200D}", "\u{FFFD}", "\u{FFFF}", "\u{10FFFF}",
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "\u{1F1FA}\u{1F1F8}\u{1F1EF}\u{1F1F5}",
        "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", "\u{1F44D}\u{1F3FD}", "\u{1F600}",
        "e\u{301}", "\u{E9}", "a\u{301}\u{302}\u{303}", "\u{2126}", "\u{3A9}", "\u{FB01}", "\u{DF}", "\u{130}",
        "\u{202E}abc", "\u{5E9}\u{5DC}\u{5D5}\u{5DD}", "\u{645}\u{631}\u{62D}\u{628}\u{627}", "\u{65E5}\u{672C}",
        "__proto__", "constructor", "length", "toString", "hasOwnProperty", "null", "true", "undefined", "NaN",
        "-0", "1e3", "0x10", "  ", "\"", "'", "\\", "<script>", "../", "http://evil.example/?a=b#c",
        String(repeating: "a", count: 10_000), String(repeating: "&=", count: 2_000),
        String(repeating: "\u{E9}", count: 3_000),
    ]

    /// Whether `text` holds a byte that is reserved or structural in a query: `& = + ; , # % ? / [ ]`
    /// or a space.
    public static func containsReservedCharacter(_ text: String) -> Bool {
        text.utf8.contains { reservedBytes.contains($0) }
    }

    private static let reservedBytes = Set("&=+;,#%?/[] ".utf8)
}

extension Gen where Value == Unicode.Scalar {
    /// Unicode scalars from every class that matters to an encoder: mostly ASCII letters and digits,
    /// then ASCII punctuation, controls, the rest of the BMP (never a surrogate: those are not scalars),
    /// combining marks and astral characters.
    public static var unicodeScalar: Gen<Unicode.Scalar> {
        let alphanumerics = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".unicodeScalars)
        let punctuation = Array(" !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)
        func scalars(in range: ClosedRange<UInt32>) -> Gen<Unicode.Scalar> {
            Gen<UInt32>.integer(in: range).map { value in
                // Surrogate code points (D800–DFFF) are not scalars; fold them onto D000–D7FF.
                Unicode.Scalar(value) ?? Unicode.Scalar(value - 0x800)!
            }
        }
        return .frequency([
            (10, element(of: alphanumerics)),
            (4, element(of: punctuation)),
            (1, scalars(in: 0...0x1F)),
            (2, scalars(in: 0x80...0xFFFF)),
            (1, scalars(in: 0x300...0x36F)),
            (1, scalars(in: 0x10000...0x10FFFF)),
        ])
    }
}

extension Gen where Value == String {
    /// Hostile strings: `troublemakerProbability` of the draws (10 % by default) come from
    /// ``Troublemakers/pool``, 2 % are empty, the rest mix ASCII, punctuation, controls and Unicode
    /// scalars (and, now and then, a short troublemaker inside other text).
    public static func hostileString(troublemakerProbability: Double = 0.1, averageLength: Double = 6) -> Gen<String> {
        let fragments = Troublemakers.pool.filter { $0.utf8.count <= 24 }
        let piece: Gen<String> = .frequency([
            (20, Gen<Unicode.Scalar>.unicodeScalar.map { String($0) }),
            (1, element(of: fragments)),
        ])
        let mixed = piece.array(averageLength: averageLength, minimumLength: 1, maximumLength: 256).map { $0.joined() }
        let poolWeight = Int((troublemakerProbability * 1000).rounded())
        return .frequency([
            (980 - poolWeight, mixed), (20, constant("")), (poolWeight, element(of: Troublemakers.pool)),
        ])
    }

    /// ASCII identifiers such as coding keys are made of: `a`–`z`, `A`–`Z`, digits and `_`.
    public static func identifier(averageLength: Double = 6) -> Gen<String> {
        let characters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".unicodeScalars)
        let first = Gen<Unicode.Scalar>.element(of: Array(characters.prefix(52)))
        let rest = Gen<Unicode.Scalar>.element(of: characters).array(
            averageLength: averageLength - 1, maximumLength: 40)
        return first.zip(rest).map { first, rest in
            var text = String(first)
            text.unicodeScalars.append(contentsOf: rest)
            return text
        }
    }
}

extension Gen where Value == [UInt8] {
    /// The UTF-8 bytes of hostile strings: always valid UTF-8.
    public static var validUTF8: Gen<[UInt8]> {
        Gen<String>.hostileString().map { Array($0.utf8) }
    }

    /// Arbitrary bytes biased toward what trips parsers: `%`, hex digits, `&`, `=`, `+`, ASCII, and
    /// bytes that are invalid or truncated UTF-8. Not valid UTF-8 in general.
    public static var byteSoup: Gen<[UInt8]> {
        let interesting = Array("%&=+;,.[]#?0123456789ABCDEFabcdef".utf8) + [0x00, 0x0A, 0x0D, 0x80, 0xC3, 0xE2, 0xFF]
        let byte: Gen<UInt8> = .frequency([
            (3, .element(of: interesting)),
            (2, .integer(in: 0x20...0x7E)),
            (1, .integer(in: 0...0xFF)),
        ])
        return Gen<[UInt8]>.frequency([
            (9, byte.array(averageLength: 16, maximumLength: 1024)),
            (1, validUTF8),
        ])
    }
}
