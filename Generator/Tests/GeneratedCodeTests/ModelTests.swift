import Foundation
import GeneratedColorsAPI
import GeneratedPetsAPI
import Testing

/// Generated models read and write the JSON the document describes.
@Suite struct ModelTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try APIJSONCoding.decoder.decode(type, from: Data(json.utf8))
    }

    private func encode(_ value: some Encodable) throws -> String {
        String(decoding: try APIJSONCoding.encoder.encode(value), as: UTF8.self)
    }

    @Test func renamedPropertiesKeepTheirJSONNames() throws {
        let json = #"""
            {"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Teal","rgb":{"R":0,"G":128,"B":128},
             "createdAt":"2024-01-31T10:00:00Z","class":"warm","2fa":true,"pet_id":1,"petId":2,"名前":"青",
             "views":9007199254740993,"note":null,"homepage":"https://example.com/teal","thumbnail":"AQID"}
            """#
        let color = try decode(Color.self, json)
        #expect(color.class == "warm")
        #expect(color._2fa == true)
        #expect(color.petId == 1)
        #expect(color.petId2 == 2)
        #expect(color.u540DU524D == "青")
        #expect(color.views == 9_007_199_254_740_993)
        #expect(color.note == nil)
        #expect(color.homepage == URL(string: "https://example.com/teal"))
        #expect(color.thumbnail == Data([1, 2, 3]))
        #expect(color.createdAt == Date(timeIntervalSince1970: 1_706_695_200))
        let again = try decode(Color.self, try encode(color))
        #expect(again == color)
    }

    @Test func dateTimesWithFractionsAndOffsets() throws {
        let dates = try decode(
            [Date].self, #"["2024-01-31T10:00:00Z","2024-01-31T10:00:00.250Z","2024-01-31T12:00:00+02:00"]"#)
        #expect(dates.map(\.timeIntervalSince1970) == [1_706_695_200, 1_706_695_200.25, 1_706_695_200])
        #expect(throws: DecodingError.self) { try decode([Date].self, #"["31/01/2024"]"#) }
    }

    @Test func enumsKeepValuesTheyDoNotKnow() throws {
        #expect(try decode([Status].self, #"["in-review","archived"]"#) == [.inReview, .unknown("archived")])
        #expect(Status(rawValue: "unknown") == .unknown2)
        // `enum: [matte, gloss, null]`: the null is the optional's, not a case.
        #expect(try decode([Finish?].self, #"["gloss",null]"#) == [.gloss, nil])
        #expect(try encode([Status.unknown("archived"), .active]) == #"["archived","active"]"#)
    }

    @Test func aDiscriminatorChoosesTheCase() throws {
        let shapes = try decode([Shape].self, #"[{"kind":"circle","radius":1.5},{"kind":"square","side":2}]"#)
        #expect(shapes == [.circle(Circle(kind: "circle", radius: 1.5)), .square(Square(kind: "square", side: 2))])
        #expect(throws: DecodingError.self) { try decode(Shape.self, #"{"kind":"hexagon"}"#) }
        #expect(try encode(shapes[0]) == #"{"kind":"circle","radius":1.5}"#)
    }

    @Test func withoutADiscriminatorTheFirstMatchingOptionWins() throws {
        #expect(
            try decode([Fill].self, #"["red",{"R":1,"G":2,"B":3}]"#) == [.string("red"), .rgb(RGB(r: 1, g: 2, b: 3))])
        #expect(throws: DecodingError.self) { try decode(Fill.self, "true") }
    }

    @Test func allOfMergesTheProperties() throws {
        let paint = try decode(Paint.self, #"{"R":1,"G":2,"B":3,"finish":"matte"}"#)
        #expect(paint == Paint(r: 1, g: 2, b: 3, finish: "matte"))
    }

    @Test func recursiveTypes() throws {
        let node = try decode(Node.self, #"{"value":"a","children":[{"value":"b"}],"parent":{"value":"root"}}"#)
        #expect(node.children?.first?.value == "b")
        #expect(node.parent?.value == "root")
        #expect(node == Node(value: "a", children: [Node(value: "b")], parent: Node(value: "root")))
        let chain = try decode(Chain.self, #"{"next":{"back":{"reference":{"value":"n"}}}}"#)
        #expect(chain.next?.back?.reference == Node(value: "n"))
        let tree = try decode(Tree.self, #"{"left":{"value":1},"right":{"left":{"value":2},"right":{"value":3}}}"#)
        let expected = Tree.branch(
            Branch(
                left: .leaf(Leaf(value: 1)),
                right: .branch(Branch(left: .leaf(Leaf(value: 2)), right: .leaf(Leaf(value: 3))))))
        #expect(tree == expected)
    }

    @Test func dictionariesAndFreeFormValues() throws {
        let labels: Labels = try decode(Labels.self, #"{"en":"teal","fr":"sarcelle"}"#)
        #expect(labels == ["en": "teal", "fr": "sarcelle"])
        let color = try decode(
            Color.self,
            #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"T","rgb":{"R":0,"G":0,"B":0},"createdAt":"2024-01-31T10:00:00Z","metadata":{"a":1},"extra":{"x":[1,"y",null]}}"#
        )
        #expect(color.metadata == ["a": 1])
        #expect(color.extra == .object(["x": .array([.number(1), .string("y"), .null])]))
    }

    /// An array component with inline elements: an alias, and the element type declared beside it.
    @Test func arraysOfInlineObjects() throws {
        let swatches: Swatches = try decode(Swatches.self, ##"[{"hex":"#008080"}]"##)
        #expect(swatches == [Swatch(hex: "#008080")])
    }

    @Test func reservedNamesAreRenamed() throws {
        let data = try decode(DataModel.self, #"{"default":"d","self":"s"}"#)
        #expect(data.default == "d")
        #expect(data.selfValue == "s")
    }

    @Test func nullableAndBinaryFormatsOfOpenAPI30() throws {
        let pet = try JSONDecoder().decode(
            Pet.self,
            from: Data(
                #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Rex","nickname":null,"photo":"AQI="}"#.utf8))
        #expect(pet.nickname == nil)
        #expect(pet.photo == Data([1, 2]))
        // `nickname` is required and nullable: nil is written as null; `photo` is optional: left out.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(Pet(id: pet.id, name: "Rex", nickname: nil)), as: UTF8.self)
        #expect(json == #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Rex","nickname":null}"#)
    }
}
