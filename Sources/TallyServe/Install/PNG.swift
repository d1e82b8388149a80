/// A minimal PNG writer for two-colour images drawn by code (the app's icons): 1 bit a
/// pixel over a two-entry palette, the pixels in stored (uncompressed) deflate blocks.
/// Enough for an icon without any image library or a file read at run time.
enum PNG {
    /// The PNG of a `width` × `height` image whose pixel (x, y) has palette entry 1 when
    /// `isSet(x, y)`, else entry 0; `palette` holds the two colours as RGB bytes.
    static func twoColour(width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], isSet: (Int, Int) -> Bool) -> [UInt8] {
        precondition(palette.count == 2 && width > 0 && height > 0)
        let rowBytes = (width + 7) / 8
        var pixels: [UInt8] = []
        pixels.reserveCapacity(height * (rowBytes + 1))
        for y in 0 ..< height {
            pixels.append(0)  // filter: none
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0 ..< width where isSet(x, y) { row[x / 8] |= 0x80 >> UInt8(x % 8) }
            pixels += row
        }
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [1, 3, 0, 0, 0]  // bit depth 1, palette colour, deflate, no filter, no interlace
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", header)
        out += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] })
        out += chunk("IDAT", zlibStored(pixels))
        out += chunk("IEND", [])
        return out
    }

    /// A chunk: length, type, data and the CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// `data` as a zlib stream of stored deflate blocks (at most 65,535 bytes each).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start ..< end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, reflected polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
