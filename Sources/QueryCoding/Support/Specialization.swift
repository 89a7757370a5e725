/// The one place the coders reinterpret a generic value as the concrete type it is at run time.
///
/// Generic code that crosses a protocol boundary (`encode<T>`, `decode<T>`) runs unspecialised: every
/// operation on a `T` goes through its metadata, and asking whether `T` conforms to a protocol costs a
/// runtime lookup. For the few types that make up most values (`[String]`, `[Int]`, an element type
/// whose fast path was found once for a whole array), the coders instead compare metadata, a pointer
/// comparison, and then hand the value to specialised code through these helpers.
enum Specialization {
    /// `value` as `Target`, which its type is.
    ///
    /// - Precondition: `Value.self == Target.self`: the caller compared the metadata, or `Target` was
    ///   opened from `Value`'s own metatype (`Value.self as? any P.Type`). Checked in debug builds.
    @inline(__always)
    static func cast<Value, Target>(_ value: Value, to target: Target.Type) -> Target {
        assert(Value.self == Target.self, "\(Value.self) reinterpreted as \(Target.self)")
        // SAFETY: `Value` and `Target` are one type (the precondition), so the bit cast reinterprets
        // nothing: same size, same layout, same reference counting.
        return unsafeBitCast(value, to: Target.self)
    }

    /// `value` as `Target` when its type is exactly `Target` (not a subclass, not an optional of it);
    /// `nil` otherwise.
    @inline(__always)
    static func ifExactly<Value, Target>(_ value: Value, is target: Target.Type) -> Target? {
        guard Value.self == Target.self else { return nil }
        return cast(value, to: target)
    }
}
