/// Reed–Solomon error correction over GF(256) as QR codes use it (ISO/IEC 18004 §7.5.2):
/// the field's primitive polynomial is x⁸ + x⁴ + x³ + x² + 1 (0x11D), α = 2, and the
/// generator polynomial of degree n is (x − α⁰)(x − α¹)…(x − αⁿ⁻¹).
public enum ReedSolomon {
    /// αⁱ for i in 0 ..< 255 (then again, so a sum of two logarithms needs no modulo).
    static let exponents: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        var value = 1
        for power in 0 ..< 255 {
            table[power] = UInt8(value)
            table[power + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// log_α(v) for v in 1 ... 255 (index 0 unused: 0 has no logarithm).
    static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for power in 0 ..< 255 { table[Int(exponents[power])] = power }
        return table
    }()

    /// The product of `a` and `b` in the field.
    public static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return exponents[logarithms[Int(a)] + logarithms[Int(b)]]
    }

    /// αⁱ.
    public static func power(_ exponent: Int) -> UInt8 { exponents[exponent % 255] }

    /// The generator polynomial of `degree`, highest coefficient first (it is 1).
    public static func generator(degree: Int) -> [UInt8] {
        var polynomial: [UInt8] = [1]
        for root in 0 ..< degree {
            // Times (x + αʳᵒᵒᵗ): subtraction is addition (xor) in GF(2⁸).
            var next = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (index, coefficient) in polynomial.enumerated() {
                next[index] ^= coefficient
                next[index + 1] ^= multiply(coefficient, power(root))
            }
            polynomial = next
        }
        return polynomial
    }

    /// The `count` error correction codewords of `data`: the remainder of data·xⁿ
    /// divided by the generator polynomial of degree n = `count`.
    public static func correction(for data: [UInt8], count: Int) -> [UInt8] {
        let generator = generator(degree: count)
        var remainder = [UInt8](repeating: 0, count: count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0 ..< count { remainder[index] ^= multiply(generator[index + 1], factor) }
        }
        return remainder
    }
}
