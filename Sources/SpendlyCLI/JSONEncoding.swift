/// Encodes any `Encodable` into `JSON`: keys in the order they are encoded, camelCase property
/// names written snake_case (`amountMinor` → `amount_minor`), nil written as `null`, integers
/// exactly; floating point is refused (money is integer minor units).
struct JSONValueEncoder {
  func encode(_ value: some Encodable) throws -> JSON {
    let slot = JSONSlot()
    try value.encode(to: JSONSlotEncoder(slot: slot, codingPath: []))
    return slot.json
  }
}

extension JSON {
  /// A report value as JSON. Spendly's own values always encode, so a failure is a bug.
  init(_ value: some Encodable) {
    do {
      self = try JSONValueEncoder().encode(value)
    } catch {
      preconditionFailure("JSON of \(type(of: value)): \(error)")
    }
  }

  /// The pairs of an object value, in order; none for any other value.
  var pairs: [(String, JSON)] {
    if case .object(let pairs) = self { return pairs }
    return []
  }
}

/// A value encoded into the object around it: its keys become the parent's, in place.
protocol JSONInline: Encodable {}

/// A value written as one or more keys beside each other, named from the key it is encoded
/// under (`balance` → `balance`, `balance_minor`).
protocol JSONSiblings: Encodable {
  func pairs(key: String) -> [(String, JSON)]
  /// The pairs for a nil value of this type.
  static func nullPairs(key: String) -> [(String, JSON)]
}

/// A key spelled as given, for objects whose keys are data (category names, settings).
struct JSONKey: CodingKey, ExpressibleByStringLiteral {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ text: String) { stringValue = text }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
  init(stringLiteral value: String) { stringValue = value }
}

/// An object whose keys are data, kept in the order given.
struct JSONPairs<Value: Encodable>: Encodable {
  let pairs: [(String, Value)]
  init(_ pairs: [(String, Value)]) { self.pairs = pairs }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    for (key, value) in pairs { try container.encode(value, forKey: JSONKey(key)) }
  }
}

extension JSON: Encodable {
  /// Into our own encoder the value goes as it is; into any other, by its shape.
  func encode(to encoder: any Encoder) throws {
    if let own = encoder as? JSONSlotEncoder {
      own.slot.content = .json(self)
      return
    }
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .int(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .decimal, .string:
      var container = encoder.singleValueContainer()
      try container.encode(rendered(indent: nil))
    case .array(let items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .object(let pairs):
      var container = encoder.container(keyedBy: JSONKey.self)
      for (key, value) in pairs { try container.encode(value, forKey: JSONKey(key)) }
    }
  }
}

// MARK: The encoder's storage

/// Where one value is written; filled in as the value encodes.
final class JSONSlot {
  enum Content {
    case json(JSON)
    case object(JSONObjectBox)
    case array(JSONArrayBox)
  }
  var content: Content?

  var json: JSON {
    switch content {
    case nil: return .object([])
    case .json(let json): return json
    case .object(let box): return .object(box.pairs.map { ($0.0, $0.1.json) })
    case .array(let box): return .array(box.items.map(\.json))
    }
  }
}

final class JSONObjectBox {
  var pairs: [(String, JSONSlot)] = []

  func add(_ key: String, _ json: JSON) {
    let slot = JSONSlot()
    slot.content = .json(json)
    set(key, slot)
  }

  /// A key encoded twice keeps its first place and its last value.
  func set(_ key: String, _ slot: JSONSlot) {
    if let index = pairs.firstIndex(where: { $0.0 == key }) {
      pairs[index].1 = slot
    } else {
      pairs.append((key, slot))
    }
  }
}

final class JSONArrayBox {
  var items: [JSONSlot] = []
}

enum JSONKeyName {
  /// `amountMinor` → `amount_minor`; a `JSONKey` is kept as spelled.
  static func of(_ key: some CodingKey) -> String {
    if key is JSONKey { return key.stringValue }
    var out = ""
    for character in key.stringValue {
      if character.isUppercase {
        out += "_" + character.lowercased()
      } else {
        out.append(character)
      }
    }
    return out
  }
}

struct JSONSlotEncoder: Encoder {
  let slot: JSONSlot
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let box: JSONObjectBox
    if case .object(let existing) = slot.content {
      box = existing
    } else {
      box = JSONObjectBox()
      slot.content = .object(box)
    }
    return KeyedEncodingContainer(JSONKeyedContainer<Key>(box: box, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let box: JSONArrayBox
    if case .array(let existing) = slot.content {
      box = existing
    } else {
      box = JSONArrayBox()
      slot.content = .array(box)
    }
    return JSONUnkeyedContainer(box: box, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONSingleContainer(slot: slot, codingPath: codingPath)
  }
}

/// The JSON of one encodable value, refusing what Spendly never writes (floating point).
enum JSONScalar {
  static func of(_ value: some Encodable, codingPath: [any CodingKey]) throws -> JSONSlot {
    let slot = JSONSlot()
    switch value {
    case let text as String: slot.content = .json(.string(text))
    case let flag as Bool: slot.content = .json(.bool(flag))
    case is Double, is Float:
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath, debugDescription: "floating point is not written as JSON"))
    default: try value.encode(to: JSONSlotEncoder(slot: slot, codingPath: codingPath))
    }
    return slot
  }

  static func integer(_ value: some BinaryInteger, codingPath: [any CodingKey]) throws -> JSON {
    guard let exact = Int64(exactly: value) else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath, debugDescription: "integer does not fit 64 bits"))
    }
    return .int(exact)
  }
}

struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let box: JSONObjectBox
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { box.add(JSONKeyName.of(key), .null) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    let name = JSONKeyName.of(key)
    if let siblings = value as? any JSONSiblings {
      for (key, json) in siblings.pairs(key: name) { box.add(key, json) }
      return
    }
    if value is any JSONInline {
      let slot = JSONSlot()
      slot.content = .object(box)
      try value.encode(to: JSONSlotEncoder(slot: slot, codingPath: codingPath + [key]))
      return
    }
    box.set(name, try JSONScalar.of(value, codingPath: codingPath + [key]))
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws { box.add(JSONKeyName.of(key), .bool(value)) }
  mutating func encode(_ value: String, forKey key: Key) throws { box.add(JSONKeyName.of(key), .string(value)) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

  private func integer(_ value: some BinaryInteger, _ key: Key) throws {
    box.add(JSONKeyName.of(key), try JSONScalar.integer(value, codingPath: codingPath + [key]))
  }

  // nil is written as null, never left out: a key is in every object of its kind.
  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value { return try encode(value, forKey: key) }
    if let siblings = T.self as? any JSONSiblings.Type {
      for (key, json) in siblings.nullPairs(key: JSONKeyName.of(key)) { box.add(key, json) }
      return
    }
    try encodeNil(forKey: key)
  }
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }

  private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let slot = JSONSlot()
    box.set(JSONKeyName.of(key), slot)
    return JSONSlotEncoder(slot: slot, codingPath: codingPath + [key]).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let slot = JSONSlot()
    box.set(JSONKeyName.of(key), slot)
    return JSONSlotEncoder(slot: slot, codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let slot = JSONSlot()
    slot.content = .object(box)
    return JSONSlotEncoder(slot: slot, codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let slot = JSONSlot()
    box.set(JSONKeyName.of(key), slot)
    return JSONSlotEncoder(slot: slot, codingPath: codingPath + [key])
  }
}

struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
  let box: JSONArrayBox
  let codingPath: [any CodingKey]
  var count: Int { box.items.count }

  private func add(_ json: JSON) {
    let slot = JSONSlot()
    slot.content = .json(json)
    box.items.append(slot)
  }

  mutating func encodeNil() throws { add(.null) }
  mutating func encode(_ value: Bool) throws { add(.bool(value)) }
  mutating func encode(_ value: String) throws { add(.string(value)) }
  mutating func encode(_ value: Int) throws { add(try JSONScalar.integer(value, codingPath: codingPath)) }
  mutating func encode(_ value: Int64) throws { add(try JSONScalar.integer(value, codingPath: codingPath)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    box.items.append(try JSONScalar.of(value, codingPath: codingPath))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    let slot = JSONSlot()
    box.items.append(slot)
    return JSONSlotEncoder(slot: slot, codingPath: codingPath).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let slot = JSONSlot()
    box.items.append(slot)
    return JSONSlotEncoder(slot: slot, codingPath: codingPath).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let slot = JSONSlot()
    box.items.append(slot)
    return JSONSlotEncoder(slot: slot, codingPath: codingPath)
  }
}

struct JSONSingleContainer: SingleValueEncodingContainer {
  let slot: JSONSlot
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { slot.content = .json(.null) }
  mutating func encode(_ value: Bool) throws { slot.content = .json(.bool(value)) }
  mutating func encode(_ value: String) throws { slot.content = .json(.string(value)) }
  mutating func encode(_ value: Int) throws { try integer(value) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }

  private func integer(_ value: some BinaryInteger) throws {
    slot.content = .json(try JSONScalar.integer(value, codingPath: codingPath))
  }

  mutating func encode(_ value: Double) throws {
    throw EncodingError.invalidValue(
      value, .init(codingPath: codingPath, debugDescription: "floating point is not written as JSON"))
  }
  mutating func encode(_ value: Float) throws {
    throw EncodingError.invalidValue(
      value, .init(codingPath: codingPath, debugDescription: "floating point is not written as JSON"))
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    slot.content = try JSONScalar.of(value, codingPath: codingPath).content
  }
}
