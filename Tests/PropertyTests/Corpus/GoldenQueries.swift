// Written by `QUERY_PBT_WRITE_GOLDEN=1 swift test --filter writeGoldenQueries`; do not edit by hand.
// Each query was encoded by an earlier process, whose dictionaries and sets iterated in another order.
import Foundation

/// Values holding dictionaries and sets, with the queries an earlier process encoded them to.
enum GoldenQueries {
    static let all: [GoldenQuery] = [
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(dates: .formatted, data: .custom),
                root: .record(
                    .value,
                    [
                        "MpucnUBF4": .dictionary([
                            "7L-0k\u{C9}j,YH&\u{301}": .wrapped(.string("!Z")), "ids": .double(9007199254740992.0),
                        ])
                    ])),
            query: "MpucnUBF4.7L-0k%C3%89j%2CYH%26%CC%81=%21Z&MpucnUBF4.ids=9007199254740992.0"),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(nils: .emptyValue, dates: .formatted),
                root: .record(
                    .value,
                    [
                        "created_at": .wrapped(.null(.ifPresent)), "a b": .intKeyedDictionary([:]),
                        "perPage": .record(
                            .container,
                            [
                                "kebab-key": .string(""),
                                "id": .uuid(UUID(uuidString: "19F9E370-F3C3-306E-10A3-18FF1F80FF1B")!),
                            ]), "created_at": .string("m\u{10FFFF}*\u{B38}D\u{352}"), "x": .color(.pair),
                        "__proto__": .intKeyedDictionary([
                            -5_819_711_229_705_625_139: .intSet([
                                -7_966_672_446_449_820_873, 17, 9_223_372_036_854_775_807,
                            ]), 2_147_483_647: .string("9\u{1F}"), 34: .bool(true), 4_294_967_296: .bool(false),
                            42: .uuid(UUID(uuidString: "24491850-BC51-5AFF-6BF9-02CF140A492A")!),
                            4: .list(.typed, [.double(Double(bitPattern: 0x4_BF7B_203F_D21A))]),
                        ]),
                    ])),
            query:
                "created_at=&perPage.kebab-key=&perPage.id=19F9E370-F3C3-306E-10A3-18FF1F80FF1B&created_at=m%F4%8F%BF%BF%2A%E0%AC%B8D%CD%92&x=a%2Cb&__proto__.-5819711229705625139=-7966672446449820873,17,9223372036854775807&__proto__.2147483647=9%1F&__proto__.34=true&__proto__.4=6.60286843620057e-309&__proto__.42=24491850-BC51-5AFF-6BF9-02CF140A492A&__proto__.4294967296=false"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    nils: .null, dates: .secondsSince1970, keys: .convertToSnakeCase, data: .base64URL),
                root: .record(
                    .value,
                    [
                        "SU": .intSet([
                            -4_972_738_860_143_713_918, -3_826_089_104_870_216_445, -2_868_064_623_021_950_055, 93,
                            32767, 9_223_372_036_854_775_807,
                        ]),
                        "q": .record(
                            .value, ["@H5}P2#iS\u{7FB14}C": .record(.container, [:]), "MF2X": .null(.ifPresent)]),
                        "%E9": .record(.value, [:]),
                    ])),
            query:
                "su=-2868064623021950055,-3826089104870216445,-4972738860143713918,32767,9223372036854775807,93&q.mf2_x=null"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(nesting: .brackets, dates: .millisecondsSince1970, keys: .custom),
                root: .dictionary([
                    "HTTPStatus": .list(.array, [.float(Float(bitPattern: 0x9256A))]),
                    "perPage": .string("g\u{364}|Ee2\u{ACF64}L"), "true": .int32(1_497_530_997),
                ])),
            query: "HTTPStatus=8.39941e-40&perPage=g%CD%A4%7CEe2%F2%AC%BD%A4L&true=1497530997"),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(nesting: .brackets, nils: .emptyValue, keys: .convertToKebabCase),
                root: .record(
                    .value,
                    [
                        "filter": .wrapped(
                            .intKeyedDictionary([
                                -4_079_370_921_382_483_102: .string("B\u{E}\u{5DE1}e{%%D\u{9F}"),
                                -9_007_199_254_740_992: .intSet([
                                    -3_818_397_774_376_926_968, 23, 257, 8_425_643_422_020_919_577,
                                ]), -9_223_372_036_854_775_808: .int(-8_631_939_673_541_214_991),
                                129: .uint64(18_446_744_073_709_551_615), 424_632_337_800_805_272: .null(.optional),
                                64: .null(.encodeNil),
                                8_170_374_225_348_159_000: .date(Date(timeIntervalSince1970: 12.248999953269958)),
                                9_223_372_036_854_775_807: .list(
                                    .array,
                                    [.uuid(UUID(uuidString: "078BFF15-4B80-3987-2108-003980101BD9")!), .uint16(53)]),
                            ])), "min": .int(2_864_891_630_894_982_373), "MsB9F_nb9oIIAg_09o": .double(-16.0),
                        "na\u{EF}veKey": .uint64(66),
                    ])),
            query:
                "filter%5B-4079370921382483102%5D=B%0E%E5%B7%A1e%7B%25%25D%C2%9F&filter%5B-9007199254740992%5D=-3818397774376926968,23,257,8425643422020919577&filter%5B-9223372036854775808%5D=-8631939673541214991&filter%5B129%5D=18446744073709551615&filter%5B424632337800805272%5D=&filter%5B64%5D=&filter%5B8170374225348159000%5D=1970-01-01T00%3A00%3A12Z&filter%5B9223372036854775807%5D=078BFF15-4B80-3987-2108-003980101BD9,53&min=2864891630894982373&ms-b9-f_nb9o-ii-ag_09o=-16.0&na%C3%AFve-key=66"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    nesting: .brackets, nils: .null, dates: .formatted, bools: .numeric, keys: .convertToSnakeCase),
                root: .dictionary([
                    "URL": .list(.array, [.date(Date(timeIntervalSince1970: 3.5119999647140503))]),
                    "myURLValue": .list(.container, [.url(URL(string: "mailto:a@b.example")!), .uint16(79)]),
                ])),
            query: "URL=1970-01-01%2000%3A00&myURLValue=mailto%3Aa%40b.example,79"),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .repeatedKeys, dates: .millisecondsSince1970, bools: .numeric, keys: .convertToKebabCase,
                    data: .base64URL),
                root: .record(
                    .value,
                    [
                        "Tm2D": .string(""), "deviceID": .stringSet([]), "filter": .uint32(37), "q": .bool(true),
                        "a b": .dictionary([
                            "__proto__": .intSet([]),
                            "deviceID": .record(
                                .value,
                                [
                                    "URL": .string("\u{FFFF}"), "ztoE": .record(.container, [:]),
                                    "created_at": .list(.container, []),
                                    "kebab-key": .list(
                                        .typed,
                                        [
                                            .string("1z'\u{C79A}_@aFF1"), .string("9\u{20001}"), .string(""),
                                            .string(""), .string("<script>"), .string(".k|"), .string("\u{15}8m'"),
                                            .string("vwc\u{10}"),
                                        ]), "P": .stringSet([]),
                                ]),
                        ]),
                        "created_at": .record(
                            .container, ["\u{FFFD}": .null(.encodeNil), "na\u{EF}veKey": .wrapped(.null(.optional))]),
                        "created_at": .wrapped(.string("")),
                    ])),
            query:
                "tm2-d=&filter=37&q=1&a%20b.deviceID.url=%EF%BF%BF&a%20b.deviceID.kebab-key=1z%27%EC%9E%9A_%40aFF1&a%20b.deviceID.kebab-key=9%F0%A0%80%81&a%20b.deviceID.kebab-key=&a%20b.deviceID.kebab-key=&a%20b.deviceID.kebab-key=%3Cscript%3E&a%20b.deviceID.kebab-key=.k%7C&a%20b.deviceID.kebab-key=%158m%27&a%20b.deviceID.kebab-key=vwc%10&created_at="
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .repeatedKeys, nils: .emptyValue, dates: .formatted, keys: .convertToSnakeCase,
                    data: .base64URL),
                root: .record(
                    .value,
                    [
                        "id": .int64(-2_311_223_285_638_267_811),
                        "c_evxt8o": .intKeyedDictionary([
                            -9_223_372_036_854_775_808: .uint32(42),
                            58: .record(
                                .container,
                                [
                                    "E131mD": .record(.value, ["__proto__": .int(-4_813_054_267_541_667_092)]),
                                    "ulJCP": .string(""),
                                ]),
                        ]), "max": .list(.container, [.uint32(24), .color(.darkBlue), .uint8(255)]),
                    ])),
            query:
                "id=-2311223285638267811&c_evxt8o.-9223372036854775808=42&c_evxt8o.58.e131m_d.__proto__=-4813054267541667092&c_evxt8o.58.ul_jcp=&max=24&max=dark%20blue&max=255"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .repeatedKeys, nils: .null, dates: .custom, bools: .numeric, keys: .custom, data: .custom),
                root: .record(
                    .value,
                    [
                        "id": .int32(1_024_580_306), "max": .int16(-15406),
                        "tags": .decimal(Decimal(string: "9100000000000")!), "created_at": .double(-609.0),
                        "x": .bool(false),
                        "myURLValue": .dictionary([
                            "?a=1": .record(
                                .container,
                                [
                                    "URL": .record(
                                        .container,
                                        [
                                            "zFYjFH84F": .record(
                                                .container, ["userName": .string(""), "\u{FC}n\u{EF}code": .int8(127)])
                                        ]), "sort": .string("\u{106B47}Y7`],"),
                                    "\u{FC}n\u{EF}code": .list(.container, [.int(3_006_510_305_521_286_731)]),
                                    "x": .double(723.0),
                                ]), "a b": .date(Date(timeIntervalSince1970: 1509466556.25)), "max": .bool(false),
                            "x": .record(.value, ["PLi_VVInqaK": .list(.container, [])]),
                        ]), "type": .uuid(UUID(uuidString: "A38112D1-DC50-CF53-CC24-EE6352814AFF")!),
                        "__proto__": .int64(80),
                    ])),
            query:
                "ID=1024580306&MAX=-15406&TAGS=9100000000000&CREATED_AT=-609.0&X=0&MYURLVALUE.%3Fa%3D1.URL.ZFYJFH84F.USERNAME=&MYURLVALUE.%3Fa%3D1.URL.ZFYJFH84F.%C3%9CN%C3%8FCODE=127&MYURLVALUE.%3Fa%3D1.SORT=%F4%86%AD%87Y7%60%5D%2C&MYURLVALUE.%3Fa%3D1.%C3%9CN%C3%8FCODE=3006510305521286731&MYURLVALUE.%3Fa%3D1.X=723.0&MYURLVALUE.a%20b=%401509466556&MYURLVALUE.max=0&TYPE=A38112D1-DC50-CF53-CC24-EE6352814AFF&__PROTO__=80"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .repeatedKeys, nesting: .brackets, dates: .secondsSince1970, bools: .numeric,
                    keys: .convertToKebabCase, data: .custom),
                root: .record(
                    .value,
                    [
                        "kTZ": .intSet([2, 9_223_372_036_854_775_807]),
                        "QSN": .wrapped(.intKeyedDictionary([98: .int32(-1_654_101_059)])),
                        "myURLValue": .list(
                            .container,
                            [
                                .date(Date(timeIntervalSince1970: 0.001000046730041504)), .int64(27),
                                .decimal(Decimal(string: "880000000000000000")!),
                            ]),
                    ])),
            query:
                "k-tz=2&k-tz=9223372036854775807&qsn%5B98%5D=-1654101059&my-url-value=0.001000046730041504&my-url-value=27&my-url-value=880000000000000000"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .repeatedKeys, nesting: .brackets, nils: .emptyValue, dates: .formatted,
                    keys: .convertToSnakeCase, data: .base64URL),
                root: .dictionary([
                    "filter": .intKeyedDictionary([
                        -89: .bool(true), -9_223_372_036_854_775_808: .int64(-12),
                        42: .list(
                            .array,
                            [
                                .color(.red), .string("Q4Q\u{31B}\u{FFFF}"), .int(-9_223_372_036_854_775_808),
                                .null(.optional), .int(1_236_345_650_465_207_627), .string(","),
                            ]),
                    ]), "max": .list(.container, [.date(Date(timeIntervalSince1970: -985862134.0))]),
                    "min": .dictionary([:]),
                ])),
            query:
                "filter%5B-89%5D=true&filter%5B-9223372036854775808%5D=-12&filter%5B42%5D=red&filter%5B42%5D=Q4Q%CC%9B%EF%BF%BF&filter%5B42%5D=-9223372036854775808&filter%5B42%5D=&filter%5B42%5D=1236345650465207627&filter%5B42%5D=%2C&max=1938-10-05%2013%3A24"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .repeatedKeys, nesting: .brackets, nils: .null, dates: .custom, bools: .numeric,
                    data: .base64URL),
                root: .record(
                    .value,
                    [
                        "userName": .int64(99), "ids": .list(.container, []), "myURLValue": .record(.container, [:]),
                        "srhq": .wrapped(
                            .stringSet([
                                "\u{1F}@|5\u{93774}ane\u{7F}Yt&\u{10002}\u{1980}n0a+b cT N", "'+B:EY",
                                "Y\u{331}/e\u{17}4AL", "\u{202E}abc",
                            ])),
                    ])),
            query:
                "userName=99&srhq=%1F%40%7C5%F2%93%9D%B4ane%7FYt%26%F0%90%80%82%E1%A6%80n0a%2Bb%20cT%20N&srhq=%27%2BB%3AEY&srhq=Y%CC%B1%2Fe%174AL&srhq=%E2%80%AEabc"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .brackets, dates: .millisecondsSince1970, bools: .numeric, data: .base64URL),
                root: .record(
                    .value,
                    [
                        "x": .intKeyedDictionary([-39: .double(-4.055043627426256e+187)]),
                        "created_at": .record(
                            .container,
                            [
                                "HTTPStatus": .intSet([-9_223_372_036_854_775_808, -10, -8, -4, 9_007_199_254_740_991]),
                                "aVkkI1w": .null(.encodeNil), "iSjZQ": .uint64(18_446_744_073_709_551_615),
                                "page": .null(.encodeNil),
                                "perPage": .string("\u{1F}\u{10}\u{672FF}\u{CF63}l'\u{1E}\u{180}H\u{1}\u{1E}"),
                                "\u{1F44D}\u{1F3FD}": .string("^59G8"), "I2Ow_XaA4BKe": .int8(14),
                            ]),
                    ])),
            query:
                "x.-39=-4.055043627426256e%2B187&created_at.HTTPStatus%5B%5D=-10&created_at.HTTPStatus%5B%5D=-4&created_at.HTTPStatus%5B%5D=-8&created_at.HTTPStatus%5B%5D=-9223372036854775808&created_at.HTTPStatus%5B%5D=9007199254740991&created_at.iSjZQ=18446744073709551615&created_at.perPage=%1F%10%F1%A7%8B%BF%EC%BD%A3l%27%1E%C6%80H%01%1E&created_at.%F0%9F%91%8D%F0%9F%8F%BD=%5E59G8&created_at.I2Ow_XaA4BKe=14"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .brackets, nils: .emptyValue, dates: .formatted, bools: .numeric, keys: .convertToSnakeCase,
                    data: .base64URL),
                root: .dictionary([
                    "HTTPStatus": .wrapped(
                        .wrapped(
                            .record(
                                .container,
                                [
                                    "sx%41": .float(-373.322),
                                    "_private": .intKeyedDictionary([
                                        -4_573_672_438_964_100_301: .int64(7_658_267_880_588_753_528),
                                        -5_555_323_459_229_442_321: .string("t%H\u{1F}S?#"),
                                        -9_007_199_254_740_992: .double(-4.29936226073732e-228),
                                        9_223_372_036_854_775_807: .bool(false),
                                    ]),
                                ]))),
                    "userName": .list(
                        .array,
                        [
                            .int8(-89), .uint(2_229_319_350_883_279_866),
                            .data(Data([0x7C, 0xF, 0xFE, 0xD6, 0xFF, 0xFF, 0xD3, 0xB8, 0x1C, 0x1F, 0x9F])),
                        ]),
                ])),
            query:
                "HTTPStatus.sx%2541=-373.322&HTTPStatus._private.-4573672438964100301=7658267880588753528&HTTPStatus._private.-5555323459229442321=t%25H%1FS%3F%23&HTTPStatus._private.-9007199254740992=-4.29936226073732e-228&HTTPStatus._private.9223372036854775807=0&userName%5B%5D=-89&userName%5B%5D=2229319350883279866&userName%5B%5D=fA_-1v__07gcH58"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .brackets, nils: .null, dates: .secondsSince1970, bools: .numeric, keys: .custom,
                    data: .base64URL),
                root: .dictionary([
                    "5\u{D1D88}\u{D4}A\u{349}": .list(
                        .typed, [.string("-0"), .string("\u{1E}hT^%\u{45EE6}\u{FFFF}qH|Y\u{20001}r")]),
                    "created_at": .record(.container, [:]),
                ])),
            query:
                "5%F3%91%B6%88%C3%94A%CD%89%5B%5D=-0&5%F3%91%B6%88%C3%94A%CD%89%5B%5D=%1EhT%5E%25%F1%85%BB%A6%EF%BF%BFqH%7CY%F0%A0%80%81r"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .brackets, nesting: .brackets, dates: .secondsSince1970, bools: .numeric,
                    keys: .convertToKebabCase, data: .base64URL),
                root: .record(
                    .value,
                    [
                        "isActive": .list(.typed, [.double(58.0)]), "Vygba": .stringSet(["+", "G", "o"]),
                        "OhJ": .null(.optional), "a b": .list(.array, []),
                    ])),
            query: "is-active%5B%5D=58.0&vygba%5B%5D=%2B&vygba%5B%5D=G&vygba%5B%5D=o"),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .brackets, nesting: .brackets, nils: .emptyValue, dates: .custom, bools: .numeric,
                    keys: .convertToKebabCase, data: .custom),
                root: .record(
                    .value,
                    [
                        "E2": .list(
                            .container,
                            [
                                .string("H\u{1F} \u{ECCF}\u{1000D}nC\u{10054}r430FDa1"),
                                .url(URL(string: "relative/path?x=1")!),
                            ]), "constructor": .null(.optional),
                        "wmIcITp": .record(
                            .value,
                            [
                                "tags": .string("\u{338}\u{1F}p"), "max": .string("4\u{4072}\u{15}i\u{14}d"),
                                "kebab-key": .stringSet([
                                    "", "0Q\u{AD}%41\u{8F8A}W\u{30C}a\"[g",
                                    "k\u{32B}\u{1}x91\u{CB}{\u{FFFF}JUe)\u{10FFFF}\u{DC}S\u{FFFF}(8",
                                ]),
                            ]),
                    ])),
            query:
                "e2%5B%5D=H%1F%20%EE%B3%8F%F0%90%80%8DnC%F0%90%81%94r430FDa1&e2%5B%5D=relative%2Fpath%3Fx%3D1&constructor=&wm-ic-i-tp%5Btags%5D=%CC%B8%1Fp&wm-ic-i-tp%5Bmax%5D=4%E4%81%B2%15i%14d&wm-ic-i-tp%5Bkebab-key%5D%5B%5D=&wm-ic-i-tp%5Bkebab-key%5D%5B%5D=0Q%C2%AD%2541%E8%BE%8AW%CC%8Ca%22%5Bg&wm-ic-i-tp%5Bkebab-key%5D%5B%5D=k%CC%AB%01x91%C3%8B%7B%EF%BF%BFJUe%29%F4%8F%BF%BF%C3%9CS%EF%BF%BF%288"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .brackets, nesting: .brackets, nils: .null, dates: .secondsSince1970, data: .custom),
                root: .record(
                    .value,
                    [
                        "WeFWh": .dictionary(["a.b": .double(-0.224834), "na\u{EF}veKey": .list(.container, [])]),
                        "O": .list(.typed, [.double(24.0)]),
                        "F9sOR": .data(Data([0xAD, 0x3F, 0xBE, 0xF1, 0x23, 0xFF, 0x41, 0xFF, 0xF])),
                    ])),
            query: "WeFWh%5Ba.b%5D=-0.224834&O%5B%5D=24.0&F9sOR=ad3fbef123ff41ff0f"),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(array: .indexedBrackets, bools: .numeric),
                root: .record(
                    .value,
                    [
                        "l8": .stringSet([
                            ":1?a=1yi\u{C9}bO\u{28BA}e\u{90}xpu\u{D8}(_4", "JS5F", "Z", "xa;bq6", "\u{92}>JB/",
                            "\u{D1C}\u{10101}",
                        ])
                    ])),
            query:
                "l8%5B0%5D=%3A1%3Fa%3D1yi%C3%89bO%E2%A2%BAe%C2%90xpu%C3%98%28_4&l8%5B1%5D=JS5F&l8%5B2%5D=Z&l8%5B3%5D=xa%3Bbq6&l8%5B4%5D=%C2%92%3EJB%2F&l8%5B5%5D=%E0%B4%9C%F0%90%84%81"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .indexedBrackets, nils: .emptyValue, dates: .millisecondsSince1970, bools: .numeric,
                    keys: .custom, data: .base64URL),
                root: .record(
                    .value,
                    [
                        "y": .decimal(Decimal(string: "-40000000000")!),
                        "HTTPStatus": .intKeyedDictionary([21: .string("n\u{A62D5}i\u{32F}"), 58: .uint(65536)]),
                    ])),
            query: "Y=-40000000000&HTTPSTATUS.21=n%F2%A6%8B%95i%CC%AF&HTTPSTATUS.58=65536"),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .indexedBrackets, nils: .null, dates: .millisecondsSince1970, bools: .numeric,
                    keys: .convertToSnakeCase),
                root: .dictionary([
                    "a1B2": .int32(-44_266_805),
                    "ids": .record(
                        .container,
                        [
                            "PjvqLaY": .int(57), "fE\u{AE}\"": .uint64(12_154_355_384_734_732_072),
                            "\u{1F1FA}\u{1F1F8}\u{1F1EF}\u{1F1F5}": .string("\u{330}G1\u{AC}k>"),
                        ]),
                    "kebab-key": .data(Data([0xB4, 0xFF, 0x38, 0x57, 0x57, 0x10, 0x63, 0x55, 0x2F, 0x44, 0x31])),
                ])),
            query:
                "a1B2=-44266805&ids.pjvq_la_y=57&ids.f_e%C2%AE%22=12154355384734732072&ids.%F0%9F%87%BA%F0%9F%87%B8%F0%9F%87%AF%F0%9F%87%B5=%CC%B0G1%C2%ACk%3E&kebab-key=tP84V1cQY1UvRDE%3D"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .indexedBrackets, nesting: .brackets, nils: .emptyValue, dates: .formatted, bools: .numeric,
                    keys: .custom, data: .custom),
                root: .dictionary([
                    "\u{10FFFF}bH\"ymMhX ": .int8(55), "__proto__": .null(.optional),
                    "_private": .record(.value, ["myURLValue": .null(.ifPresent), "Wj": .null(.optional)]),
                    "a1B2": .int(9_007_199_254_740_992),
                ])),
            query:
                "__proto__=&_private%5BMYURLVALUE%5D=&_private%5BWJ%5D=&a1B2=9007199254740992&%F4%8F%BF%BFbH%22ymMhX%20=55"
        ),
        GoldenQuery(
            input: EncoderCase(
                setup: EncodingSetup(
                    array: .indexedBrackets, nesting: .brackets, nils: .null, dates: .millisecondsSince1970,
                    data: .base64URL),
                root: .record(
                    .value,
                    [
                        "biJw": .dictionary([
                            "a1B2": .int64(14), "constructor": .double(Double(bitPattern: 0xC709_5040_BB06)),
                        ]), "3S": .date(Date(timeIntervalSince1970: 951782400.0)), "max": .null(.ifPresent),
                        "_private": .int32(2_147_483_647), "Tk5nG": .uint8(255),
                        "HTTPStatus": .list(
                            .typed, [.int(-24), .int(-258), .int(81), .int(-67), .int(-76), .int(63), .int(-75)]),
                        "kebab-key": .record(
                            .value,
                            [
                                "sort": .list(.typed, [.string("G2\u{10007}E\u{14}"), .string("?a=1")]),
                                "isActive": .string("bp\u{BC}\u{248F}rT|'Tk"),
                                "tags": .wrapped(
                                    .record(
                                        .container,
                                        [
                                            "-0": .list(
                                                .array, [.string("\u{13}F\u{13}\u{D9}9\u{3534}rW"), .string("Yy")])
                                        ])),
                            ]), "myURLValue": .list(.array, []), "\u{3A9}": .null(.encodeNil),
                        "W": .record(.container, ["tags": .list(.array, [])]),
                    ])),
            query:
                "biJw%5Ba1B2%5D=14&biJw%5Bconstructor%5D=1.081227167566546e-309&3S=951782400000&max=null&_private=2147483647&Tk5nG=255&HTTPStatus%5B0%5D=-24&HTTPStatus%5B1%5D=-258&HTTPStatus%5B2%5D=81&HTTPStatus%5B3%5D=-67&HTTPStatus%5B4%5D=-76&HTTPStatus%5B5%5D=63&HTTPStatus%5B6%5D=-75&kebab-key%5Bsort%5D%5B0%5D=G2%F0%90%80%87E%14&kebab-key%5Bsort%5D%5B1%5D=%3Fa%3D1&kebab-key%5BisActive%5D=bp%C2%BC%E2%92%8FrT%7C%27Tk&kebab-key%5Btags%5D%5B-0%5D%5B0%5D=%13F%13%C3%999%E3%94%B4rW&kebab-key%5Btags%5D%5B-0%5D%5B1%5D=Yy&%CE%A9=null"
        ),
    ]
}
