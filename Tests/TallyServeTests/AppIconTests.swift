import Foundation
import Testing

@testable import TallyServe

/// The app's icons and manifest, drawn inside the binary: the PNG writer's checksums are
/// the standard ones, each icon is a PNG of its size whose pixels are the bars, and the
/// manifest names only icons the server serves.
struct AppIconTests {
    @Test func theChecksumsAreTheStandardOnes() {
        // Published values: CRC-32 of "IEND" (every PNG's last chunk) and of
        // "123456789"; Adler-32 of "Wikipedia" is 0x11E60398.
        #expect(PNG.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(PNG.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        let stream = PNG.zlibStored(Array("Wikipedia".utf8))
        #expect(Array(stream.suffix(4)) == [0x11, 0xE6, 0x03, 0x98])
        // One stored block: header, final flag, length 9 and its complement, the bytes.
        #expect(Array(stream.prefix(7)) == [0x78, 0x01, 0x01, 0x09, 0x00, 0xF6, 0xFF])
        #expect(String(decoding: stream.dropFirst(7).prefix(9), as: UTF8.self) == "Wikipedia")
    }

    @Test func eachIconIsAPNGOfItsSizeWithTheBars() throws {
        for size in AppIcon.pngSizes {
            let asset = try #require(Assets.asset("/assets/icon-\(size).png"))
            #expect(asset.type == "image/png")
            let bytes = asset.bytes
            #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(Array(bytes[12 ..< 16]) == Array("IHDR".utf8))
            #expect(Array(bytes[16 ..< 24]) == PNG.bigEndian(UInt32(size)) + PNG.bigEndian(UInt32(size)))
            #expect(Array(bytes.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
        }
        #expect(Assets.asset("/assets/icon-64.png") == nil)
        // A 32-pixel icon drawn by hand: row 12's centre (12.5 / 32 = 0.39) crosses only the
        // middle and right bars (tops 0.38 and 0.24). A pixel is set when its centre
        // (x + 0.5) / 32 lies in a bar: the middle one, 0.43 ..< 0.57, holds x = 14 (0.453)
        // to 17 (0.547), not 13 (0.422) or 18 (0.578); the right one, 0.62 ..< 0.76, holds
        // x = 20 (0.641) to 23 (0.734), not 19 (0.609) or 24 (0.766).
        let png = AppIcon.png(32)
        let idat = try #require(png.firstRange(of: Array("IDAT".utf8))).upperBound
        let row = 12, stride = 1 + 4  // filter byte and 32 bits
        let bits = png[(idat + 7 + row * stride + 1) ..< (idat + 7 + row * stride + stride)]
        let set = (0 ..< 32).filter { x in bits[bits.startIndex + x / 8] & (0x80 >> UInt8(x % 8)) != 0 }
        #expect(set == Array(14 ... 17) + Array(20 ... 23))
    }

    @Test func theManifestNamesTheServedIcons() throws {
        let asset = try #require(Assets.asset("/manifest.webmanifest"))
        #expect(asset.type == "application/manifest+json")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(asset.bytes)) as? [String: Any])
        #expect(manifest["theme_color"] as? String == AppIcon.themeColor)
        #expect(manifest["start_url"] as? String == "/")
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(icons.count == 1 + AppIcon.pngSizes.count)
        for icon in icons { #expect(Assets.asset(try #require(icon["src"]))?.type == icon["type"]) }
        #expect(String(decoding: try #require(Assets.asset("/assets/icon.svg")).bytes, as: UTF8.self).hasPrefix("<svg"))
    }
}
