import Foundation

/// Arrays and sets, which cannot be a whole query.
protocol QueryTopLevelArray {}

extension Array: QueryTopLevelArray {}
extension Set: QueryTopLevelArray {}
