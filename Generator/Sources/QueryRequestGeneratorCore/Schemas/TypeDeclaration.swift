/// A Swift type to generate for a schema, before it is written out.
struct TypeDeclaration {
    var name: String
    var documentation: String?
    var isDeprecated = false
    var kind: Kind

    enum Kind {
        /// A struct, or a final class when the type contains itself.
        case structure(Structure)
        /// A string enum that keeps values it does not know in `case unknown(String)`.
        case stringEnum([EnumCase])
        /// One of several schemas: an enum with a value per case.
        case oneOf(OneOf)
        /// Any other schema: a typealias.
        case alias(String)
    }

    struct Structure {
        var properties: [Property] = []
        var nested: [TypeDeclaration] = []
        /// The struct would contain itself: a final class with constant properties instead.
        var isClass = false
    }

    struct Property {
        /// The name in JSON.
        var jsonName: String
        var swiftName: String
        /// The type, without the optional that `isOptional` adds.
        var type: String
        var isOptional: Bool
        var documentation: String?
        var isDeprecated = false
        /// Required but nullable: `nil` is written as `null`, since the key must be there.
        var encodesNull = false
    }

    struct EnumCase {
        var swiftName: String
        var rawValue: String
    }

    struct OneOf {
        var cases: [OneOfCase] = []
        /// The property whose value names the case, when the document gives one.
        var discriminator: (jsonName: String, swiftName: String)?
        var nested: [TypeDeclaration] = []
        var isIndirect = false
    }

    struct OneOfCase {
        var swiftName: String
        var type: String
        /// The discriminator values that select this case.
        var discriminatorValues: [String] = []
    }
}
