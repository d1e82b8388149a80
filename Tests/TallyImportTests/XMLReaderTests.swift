import Testing

@testable import TallyImport

/// The statements' XML reader: what it reads (elements, attributes, text, CDATA, the five
/// entities, character references, namespaces dropped when asked) and what it refuses,
/// with a place, never by crashing: malformed markup, document types and any other entity.
struct XMLReaderTests {
    /// The events of `text`, each written `<name a=v>`, `</name>` or `"text"`.
    private func events(_ text: String, localNames: Bool = false) throws(XMLReader.Failure) -> [String] {
        var out: [String] = []
        try XMLReader.read(Array(text.utf8), localNames: localNames) { event, _, _ in
            switch event {
            case .start(let name, let attributes):
                out.append("<" + ([name] + attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ") + ">")
            case .end(let name): out.append("</\(name)>")
            case .text(let text): out.append("\"\(text)\"")
            }
            return true
        }
        return out
    }

    private func failure(_ text: String) -> XMLReader.Failure? {
        do {
            _ = try events(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func elementsAttributesAndTextAreReadInOrder() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- a bank -->\n<A x='1' y=\"a&amp;b\"><B/>t<C>u</C></A>\n"
        #expect(try events(text) == ["<A x=1 y=a&b>", "<B>", "</B>", "\"t\"", "<C>", "\"u\"", "</C>", "</A>"])
    }

    @Test func referencesAndCDATAGiveTheirCharacters() throws {
        // &#48; is 0, &#x10C; is Č; CDATA keeps `<` and `&` as written.
        #expect(try events("<a>1&#48;5 &#x10C; &lt;&gt;&apos;&quot;<![CDATA[<&>]]></a>") == ["<a>", "\"105 Č <>'\"<&>\"", "</a>"])
    }

    @Test func lineEndsAreReadAsNewlinesAndAttributeSpacesAsSpaces() throws {
        #expect(try events("<a b=\"x\ty\r\nz\">1\r\n2\r3</a>") == ["<a b=x y z>", "\"1\n2\n3\"", "</a>"])
    }

    @Test func namespacePrefixesAndDeclarationsGoWhenNamesAreLocal() throws {
        let text = "<d:Doc xmlns:d=\"urn:x\" xmlns=\"urn:y\"><d:Amt d:Ccy=\"EUR\">1</d:Amt></d:Doc>"
        #expect(try events(text, localNames: true) == ["<Doc>", "<Amt Ccy=EUR>", "\"1\"", "</Amt>", "</Doc>"])
        #expect(try events(text).first == "<d:Doc xmlns=urn:y xmlns:d=urn:x>")
    }

    @Test func placesAreAfterEachTagInScalars() throws {
        var places: [String] = []
        try XMLReader.read(Array("<a>\n  <ü>x</ü>\n</a>".utf8)) { event, line, column in
            if case .text = event { return true }
            places.append("\(line):\(column)")
            return true
        }
        // `<a>` ends at 1:4; `<ü>` spans columns 3–5 of line 2 (ü is one scalar, two bytes).
        #expect(places == ["1:4", "2:6", "2:11", "3:5"])
    }

    @Test func theHandlerCanStopReading() throws {
        var seen = 0
        try XMLReader.read(Array("<a><b/><c/></a>".utf8)) { _, _, _ in
            seen += 1
            return seen < 2
        }
        #expect(seen == 2)
    }

    @Test(arguments: [
        ("<a>", "1:4", "the element <a> is never closed"),
        ("<a></b>", "1:4", "the end tag </b> does not close <a>"),
        ("<a>x & y</a>", "1:6", "an `&` that starts no reference"),
        ("<a>1&z;5</a>", "1:5", "the entity `&z;` is not one of XML's five"),
        ("<a>&#0;</a>", "1:4", "`&#0;` is no character XML allows"),
        ("<a>&#xD800;</a>", "1:4", "`&#xD800;` is no character XML allows"),
        ("<!DOCTYPE a [<!ENTITY z \"0\">]>\n<a/>", "1:1", "a document type or declaration"),
        ("<a b=\"1\" b=\"2\"/>", "1:15", "the attribute b is given twice"),
        ("<a b=1/>", "1:6", "expected a quoted attribute value"),
        ("<a b=\"<\"/>", "1:7", "`<` inside an attribute value"),
        ("<a/><b/>", "1:5", "a second root element"),
        ("x<a/>", "1:1", "text before the root element"),
        ("<a/>x", "1:5", "text after the root element ends"),
        ("<a>]]></a>", "1:4", "`]]>` outside a CDATA section"),
        ("<a><![CDATA[x</a>", "1:4", "a CDATA section that is never closed"),
        ("<a><!-- x -- y --></a>", "1:11", "`--` inside a comment"),
        ("<a>\u{1}</a>", "1:4", "the control character 0x01"),
        ("<a/>\n<?xml version=\"1.0\"?>", "2:1", "an XML declaration (`<?xml`) that is not at the start"),
        ("<1/>", "1:2", "`<` starts no element name"),
        ("<a", "1:1", "the tag <a is never closed"),
        ("", "1:1", "no root element")
    ])
    func malformedXMLIsRefusedWithAPlace(_ text: String, place: String, reason: String) throws {
        let refused = try #require(failure(text), "`\(text)` was read")
        #expect("\(refused.line):\(refused.column)" == place, "`\(text)`: \(refused.reason)")
        #expect(refused.reason.hasPrefix(reason), "`\(text)`: \(refused.reason)")
    }

    /// Every cut of a statement, and every byte of it replaced by `<`, `&` or `]`, is read
    /// or refused; none crashes (a crash would stop the test run).
    @Test func cutOrDamagedDocumentsNeverCrash() {
        let text = Array("<?xml version=\"1.0\"?><D a=\"1\"><N><![CDATA[x]]>&amp;&#48;<!-- c --></N><E/></D>".utf8)
        var refused = 0
        for end in 0 ... text.count {
            if (try? XMLReader.read(Array(text[..<end])) { _, _, _ in true }) == nil { refused += 1 }
        }
        for index in text.indices {
            for byte in Array("<&]".utf8) {
                var damaged = text
                damaged[index] = byte
                _ = try? XMLReader.read(damaged) { _, _, _ in true }
            }
        }
        // Every cut but the whole text lacks the root's end.
        #expect(refused == text.count)
    }
}
