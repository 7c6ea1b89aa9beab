/// An unsigned integer of any size, for the exact rational arithmetic of amortization
/// ((1 + r)^n with r a decimal rate): just multiplication, addition, subtraction, comparison
/// and a rounded quotient that fits in 64 bits. Little-endian 32-bit limbs, no leading zeros.
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

  static func < (a: BigUInt, b: BigUInt) -> Bool {
    if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
    for i in stride(from: a.limbs.count - 1, through: 0, by: -1) where a.limbs[i] != b.limbs[i] {
      return a.limbs[i] < b.limbs[i]
    }
    return false
  }

  /// `numerator / denominator` rounded half away from zero (both non-negative: half up), when
  /// it fits in 63 bits (else `Int64.max`): found bit by bit from the top, each step one
  /// multiplication of the denominator by a 64-bit number, so long numbers stay fast.
  static func roundedQuotient(_ numerator: BigUInt, _ denominator: BigUInt) -> Int64 {
    precondition(!denominator.isZero, "BigUInt division by zero")
    if numerator >= denominator * BigUInt(UInt64(Int64.max)) { return .max }
    var quotient: UInt64 = 0
    for bit in stride(from: 62, through: 0, by: -1) {
      let candidate = quotient | 1 << UInt64(bit)
      if denominator * BigUInt(candidate) <= numerator { quotient = candidate }
    }
    let remainder = numerator - denominator * BigUInt(quotient)
    return Int64(remainder + remainder >= denominator ? quotient + 1 : quotient)
  }
}
