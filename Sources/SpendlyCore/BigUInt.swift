/// An unsigned integer of any size, for the exact rational arithmetic of amortization
/// ((1 + r)^n with r a decimal rate): just multiplication, addition, subtraction, comparison
/// and division. Little-endian 32-bit limbs, no leading zero limbs.
struct BigUInt: Comparable, Sendable {
  private(set) var limbs: [UInt32]

  init(_ value: UInt64) {
    limbs =
      value == 0 ? [] : value >> 32 == 0 ? [UInt32(value)] : [UInt32(truncatingIfNeeded: value), UInt32(value >> 32)]
  }

  private init(limbs: [UInt32]) {
    self.limbs = limbs
    normalize()
  }

  private mutating func normalize() {
    while limbs.last == 0 { limbs.removeLast() }
  }

  var isZero: Bool { limbs.isEmpty }

  /// The value when it fits in 64 bits.
  var uint64: UInt64? {
    switch limbs.count {
    case 0: 0
    case 1: UInt64(limbs[0])
    case 2: UInt64(limbs[0]) | UInt64(limbs[1]) << 32
    default: nil
    }
  }

  static func + (a: BigUInt, b: BigUInt) -> BigUInt {
    var result = [UInt32](repeating: 0, count: max(a.limbs.count, b.limbs.count) + 1)
    var carry: UInt64 = 0
    for i in 0..<(result.count - 1) {
      let sum = UInt64(i < a.limbs.count ? a.limbs[i] : 0) + UInt64(i < b.limbs.count ? b.limbs[i] : 0) + carry
      result[i] = UInt32(truncatingIfNeeded: sum)
      carry = sum >> 32
    }
    result[result.count - 1] = UInt32(carry)
    return BigUInt(limbs: result)
  }

  /// `a - b`, for `a >= b`.
  static func - (a: BigUInt, b: BigUInt) -> BigUInt {
    precondition(a >= b, "BigUInt subtraction below zero")
    var result = a.limbs
    var borrow: Int64 = 0
    for i in 0..<result.count {
      var difference = Int64(result[i]) - Int64(i < b.limbs.count ? b.limbs[i] : 0) - borrow
      borrow = 0
      if difference < 0 {
        difference += 1 << 32
        borrow = 1
      }
      result[i] = UInt32(difference)
    }
    return BigUInt(limbs: result)
  }

  static func * (a: BigUInt, b: BigUInt) -> BigUInt {
    guard !a.isZero, !b.isZero else { return BigUInt(0) }
    var result = [UInt32](repeating: 0, count: a.limbs.count + b.limbs.count)
    for (i, x) in a.limbs.enumerated() {
      var carry: UInt64 = 0
      for (j, y) in b.limbs.enumerated() {
        let product = UInt64(x) * UInt64(y) + UInt64(result[i + j]) + carry
        result[i + j] = UInt32(truncatingIfNeeded: product)
        carry = product >> 32
      }
      var k = i + b.limbs.count
      while carry > 0 {
        let sum = UInt64(result[k]) + carry
        result[k] = UInt32(truncatingIfNeeded: sum)
        carry = sum >> 32
        k += 1
      }
    }
    return BigUInt(limbs: result)
  }

  /// `base` to the power `exponent`, by squaring.
  static func power(_ base: BigUInt, _ exponent: Int) -> BigUInt {
    var result = BigUInt(1)
    var square = base
    var remaining = exponent
    while remaining > 0 {
      if remaining & 1 == 1 { result = result * square }
      remaining >>= 1
      if remaining > 0 { square = square * square }
    }
    return result
  }

  private var bitWidth: Int { limbs.isEmpty ? 0 : limbs.count * 32 - limbs.last!.leadingZeroBitCount }

  private func bit(_ index: Int) -> Bool { limbs[index / 32] >> (index % 32) & 1 == 1 }

  /// Shifted left by one bit, with `low` as the new lowest bit.
  private func doubled(plus low: Bool) -> BigUInt {
    var result = [UInt32](repeating: 0, count: limbs.count + 1)
    var carry: UInt32 = low ? 1 : 0
    for (i, limb) in limbs.enumerated() {
      result[i] = limb << 1 | carry
      carry = limb >> 31
    }
    result[limbs.count] = carry
    return BigUInt(limbs: result)
  }

  /// Quotient and remainder (binary long division; the numbers here have a few thousand bits).
  static func divided(_ a: BigUInt, by b: BigUInt) -> (quotient: BigUInt, remainder: BigUInt) {
    precondition(!b.isZero, "BigUInt division by zero")
    if a < b { return (BigUInt(0), a) }
    var quotient = [UInt32](repeating: 0, count: a.limbs.count)
    var remainder = BigUInt(0)
    for index in stride(from: a.bitWidth - 1, through: 0, by: -1) {
      remainder = remainder.doubled(plus: a.bit(index))
      if remainder >= b {
        remainder = remainder - b
        quotient[index / 32] |= 1 << (index % 32)
      }
    }
    return (BigUInt(limbs: quotient), remainder)
  }

  static func < (a: BigUInt, b: BigUInt) -> Bool {
    if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
    for i in stride(from: a.limbs.count - 1, through: 0, by: -1) where a.limbs[i] != b.limbs[i] {
      return a.limbs[i] < b.limbs[i]
    }
    return false
  }

  /// `numerator / denominator` rounded half away from zero (both non-negative: half up).
  static func roundedQuotient(_ numerator: BigUInt, _ denominator: BigUInt) -> BigUInt {
    let (quotient, remainder) = divided(numerator, by: denominator)
    return remainder + remainder >= denominator ? quotient + BigUInt(1) : quotient
  }
}
