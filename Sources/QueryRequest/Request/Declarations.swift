import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads the members of a ``Request`` whose type the request chose (the `…Declaration` associated
/// types) into the types the builder works with, refusing a shape it cannot honour.
///
/// Each member's declared type is free, so that a member declared with another type than its default
/// is still read (Swift would otherwise let the protocol's default win over it without a word). The
/// price is this check: exact types first, which cost a metadata comparison; then the other shapes
/// apps write; anything else throws ``RequestBuildingError/unsupportedDeclaration(_:)``.
enum Declarations {
    /// `value` without its `Optional` layers, or `nil` when one of them is `nil`.
    static func unwrapped(_ value: Any) -> Any? {
        var current = value
        while let optional = current as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return nil }
            current = wrapped
        }
        return current
    }

    /// The value of a member whose only accepted type is `Target` (or `Target?`, `nil` meaning
    /// the default): ``Request/setting``, ``Request/queryEncoder``, ``Request/headers``…
    ///
    /// Inlined into each caller, where `Target` is a concrete type: generic, the `Target?` it returns would
    /// have its type metadata looked up in the runtime's table on every request.
    @inline(__always)
    static func read<Declared, Target>(
        _ value: Declared, as target: Target.Type, member: String, expected: String
    ) throws -> Target? {
        if Declared.self == Target.self { return identical(value, as: Target.self) }
        if Declared.self == Target?.self { return identical(value, as: Target?.self) }
        guard let unwrapped = unwrapped(value) else { return nil }
        guard let target = unwrapped as? Target else {
            throw unsupported(member: member, type: Declared.self, expected: expected)
        }
        return target
    }

    /// ``Request/method``: an ``HTTPMethod``, a `String`, or any `RawRepresentable` with a `String` raw
    /// value (an app's own `enum HTTPMethod: String`); `nil` means GET.
    static func method<Declared>(_ value: Declared) throws -> HTTPMethod {
        if Declared.self == HTTPMethod.self { return identical(value, as: HTTPMethod.self) }
        guard let unwrapped = unwrapped(value) else { return .get }
        if let text = unwrapped as? String { return HTTPMethod(rawValue: text) }
        if let representable = unwrapped as? any RawRepresentable, let text = representable.rawValue as? String {
            return HTTPMethod(rawValue: text)
        }
        throw unsupported(
            member: "method", type: Declared.self,
            expected: "`var method: HTTPMethod` (or a String, or an enum with String raw values)")
    }

    /// `value` as `Target`, without the runtime's dynamic cast (which costs hundreds of instructions even
    /// for a value of exactly the target type, in code that is not specialised).
    ///
    /// SAFETY: callers check `Value.self == Target.self` first, so the two are one type and the bits are a
    /// valid `Target`; the precondition keeps a wrong call from reinterpreting memory.
    @inline(__always)
    static func identical<Value, Target>(_ value: Value, as target: Target.Type) -> Target {
        precondition(Value.self == Target.self)
        return unsafeBitCast(value, to: Target.self)
    }

    /// The error for a member declared with a type the builder cannot honour.
    static func unsupported(member: String, type: Any.Type, expected: String) -> RequestBuildingError {
        .unsupportedDeclaration(.init(member: member, type: String(reflecting: type), expected: expected))
    }
}
