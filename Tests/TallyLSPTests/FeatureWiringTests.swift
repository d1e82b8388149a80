import TallyLSP
import XCTest

/// Each feature through its request: positions in, protocol positions out.
final class FeatureWiringTests: XCTestCase {
    private let budget = MarkedText(
        """
        currency EUR
        wallet ⟨walletDecl⟩Checking⟨walletDeclEnd⟩ bank opening 1000.00 on 2026-01-01
        expense Food:Groceries, Fun
        envelope ⟨envDecl⟩Groceries⟨envDeclEnd⟩ 300 monthly for Food:Groceries
        goal Trip 500 by 2027-06-01
        include ⟨link⟩"missing.tally"⟨linkEnd⟩

        ; November
        2026-11-02 "Café 😀"  ⟨walletUse⟩Chec⟨inWallet⟩king⟨walletUseEnd⟩  Food:Groceries  -42.50
        2026-11-03 Checking Fun  -5.00
        2026-11-04 goal Trip 50.00

        """)

    private func client(encodings: [String] = []) -> TestClient {
        let client = TestClient()
        client.initialize(encodings: encodings)
        client.open("a.tally", budget.text)
        return client
    }

    func testCapabilitiesNameEveryWiredFeature() {
        let capabilities = TestClient().initialize()["capabilities"]
        for key in [
            "hoverProvider", "inlayHintProvider", "codeLensProvider", "definitionProvider", "referencesProvider", "renameProvider",
            "documentSymbolProvider", "workspaceSymbolProvider", "foldingRangeProvider", "semanticTokensProvider",
            "documentLinkProvider", "documentFormattingProvider", "documentRangeFormattingProvider", "codeActionProvider", "completionProvider"
        ] {
            XCTAssertNotNil(capabilities?[key], key)
        }
        XCTAssertEqual(capabilities?["semanticTokensProvider"]?["legend"]?["tokenTypes"]?.arrayValue?.first, "keyword")
    }

    func testHoverOnAWalletShowsItsBalanceWithTheNameAsRange() throws {
        for encoding in ["utf-16", "utf-8"] {
            let client = client(encodings: [encoding])
            let hover = client.result("textDocument/hover", client.at("a.tally", budget.position("inWallet", encoding: encoding)))
            XCTAssertEqual(hover["range"], budget.range("walletUse", "walletUseEnd", encoding: encoding), encoding)
            let text = try XCTUnwrap(hover["contents"]?["value"]?.stringValue)
            XCTAssertTrue(text.contains("957.50"), text)
            XCTAssertEqual(hover["contents"]?["kind"], "markdown")
        }
    }

    func testHoverOnNothingIsNull() {
        let client = client()
        XCTAssertEqual(client.result("textDocument/hover", client.at("a.tally", ["line": 6, "character": 0])), .null)
        XCTAssertEqual(client.result("textDocument/hover", client.at("not-open.tally", ["line": 0, "character": 0])), .null)
    }

    func testDefinitionAndReferences() {
        let client = client()
        let definition = client.result("textDocument/definition", client.at("a.tally", budget.position("inWallet")))
        XCTAssertEqual(definition, [["uri": .string(client.uri("a.tally")), "range": budget.range("walletDecl", "walletDeclEnd")]])
        var params = client.at("a.tally", budget.position("walletDecl"))
        params = .object(params.objectValue!.merging(["context": ["includeDeclaration": true]]) { $1 })
        XCTAssertEqual(client.result("textDocument/references", params).arrayValue?.count, 3)
    }

    func testPrepareRenameAndRename() throws {
        let client = client()
        let prepared = client.result("textDocument/prepareRename", client.at("a.tally", budget.position("inWallet")))
        XCTAssertEqual(prepared["range"], budget.range("walletUse", "walletUseEnd"))
        XCTAssertEqual(prepared["placeholder"], "Checking")
        var params = client.at("a.tally", budget.position("inWallet")).objectValue!
        params["newName"] = "Girokonto"
        let edit = client.result("textDocument/rename", .object(params))
        let edits = try XCTUnwrap(edit["changes"]?[client.uri("a.tally")]?.arrayValue)
        // Three names, and the whitespace of the lines they stand in, laid out in their block.
        XCTAssertEqual(edits.filter { $0["newText"]?.stringValue?.contains("Girokonto") == true }.count, 3)
        XCTAssertTrue(edits.allSatisfy { ["Girokonto", ""].contains($0["newText"]?.stringValue?.filter { !$0.isWhitespace }) }, "\(edits)")
        params["newName"] = "Trip\nx"
        XCTAssertEqual(client.request("textDocument/rename", .object(params))["error"]?["code"], -32803)
    }

    func testInlayHintsAndTheirOptions() {
        let client = client()
        let range: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 99, "character": 0]]
        let hints = client.result("textDocument/inlayHint", ["textDocument": ["uri": .string(client.uri("a.tally"))], "range": range]).arrayValue ?? []
        XCTAssertFalse(hints.isEmpty)
        XCTAssertTrue(hints.contains { $0["position"]?["line"] == 8 })

        let quiet = TestClient()
        quiet.initialize(options: ["inlayHints": ["envelopes": false, "balances": false]])
        quiet.open("a.tally", budget.text)
        XCTAssertEqual(quiet.result("textDocument/inlayHint", ["textDocument": ["uri": .string(quiet.uri("a.tally"))], "range": range]), [])
    }

    func testCodeLensesOnEnvelopesAndGoals() {
        let client = client()
        let lenses = client.result("textDocument/codeLens", ["textDocument": ["uri": .string(client.uri("a.tally"))]]).arrayValue ?? []
        XCTAssertTrue(lenses.contains { $0["range"] == budget.range("envDecl", "envDeclEnd") && $0["command"]?["title"]?.stringValue?.isEmpty == false })
    }

    func testSymbolsFoldingLinksAndSemanticTokens() {
        let client = client()
        let document: JSON = ["textDocument": ["uri": .string(client.uri("a.tally"))]]
        let symbols = client.result("textDocument/documentSymbol", document).arrayValue ?? []
        XCTAssertTrue(symbols.contains { $0["name"] == "Checking" && $0["kind"] == 13 })
        let workspace = client.result("workspace/symbol", ["query": "Groc"]).arrayValue ?? []
        XCTAssertTrue(workspace.contains { $0["name"] == "Groceries" })
        XCTAssertNotNil(client.result("textDocument/foldingRange", document).arrayValue)
        XCTAssertEqual(client.result("textDocument/documentLink", document), [["range": budget.range("link", "linkEnd"), "target": .string(client.uri("missing.tally"))]])
        let data = client.result("textDocument/semanticTokens/full", document)["data"]?.arrayValue ?? []
        XCTAssertEqual(data.count % 5, 0)
        XCTAssertEqual(Array(data.prefix(5)), [0, 0, 8, 0, 0], "`currency` is the first keyword")
    }

    /// A range request answers the tokens of the lines asked for, encoded from the range's
    /// first token as the whole file's are from the file's first.
    func testSemanticTokensForARange() {
        let client = TestClient()
        let capabilities = client.initialize()["capabilities"]
        client.open("a.tally", "wallet Checking bank\nexpense Fun\n2026-11-02 \"Café\" Checking Fun -1.00\n2026-11-03 Checking Fun -2.00\n")
        let document: JSON = ["textDocument": ["uri": .string(client.uri("a.tally"))]]
        let full = client.result("textDocument/semanticTokens/full", document)["data"]?.arrayValue?.compactMap(\.intValue) ?? []
        let ranged: JSON = [
            "textDocument": ["uri": .string(client.uri("a.tally"))],
            "range": ["start": ["line": 2, "character": 0], "end": ["line": 3, "character": 0]]
        ]
        let line = client.result("textDocument/semanticTokens/range", ranged)["data"]?.arrayValue?.compactMap(\.intValue) ?? []
        // Absolute (line, column, length, type) of each token, from the relative encoding.
        func absolute(_ data: [Int]) -> [[Int]] {
            var result: [[Int]] = []
            var l = 0, c = 0
            for i in stride(from: 0, to: data.count, by: 5) {
                c = data[i] == 0 ? c + data[i + 1] : data[i + 1]
                l += data[i]
                result.append([l, c, data[i + 2], data[i + 3]])
            }
            return result
        }
        XCTAssertFalse(line.isEmpty)
        XCTAssertEqual(absolute(line), absolute(full).filter { $0[0] == 2 }, "the tokens of line 2, and only those")
        XCTAssertEqual(capabilities?["semanticTokensProvider"]?["range"], true)
    }

    /// While an edit waits for its analysis (the debounce), requests that need only the
    /// syntax read the buffer again from the previous tree: the answers are those of the
    /// new text.
    func testSyntaxRequestsDuringTheDebounceSeeTheNewText() {
        var configuration = TestClient.configuration
        configuration.debounceMilliseconds = 60_000
        let client = TestClient(configuration: configuration)
        client.initialize()
        var text = "wallet Checking bank\nexpense Fun\n"
        for day in 1 ... 28 { text += "2026-11-\(day < 10 ? "0" : "")\(day) \"Shop\" Checking Fun -\(day).00\n" }
        client.open("a.tally", text)
        let document: JSON = ["textDocument": ["uri": .string(client.uri("a.tally"))]]
        _ = client.result("textDocument/semanticTokens/full", document)
        for (version, (line, insert)) in [(12, "Café"), (3, "\n2026-11-30 Checking Fun -9.00"), (30, " ; note")].enumerated() {
            let end: JSON = ["line": .int(line), "character": 0]
            client.change("a.tally", version: version + 2, range: ["start": end, "end": end], text: insert)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            text = (lines[..<line] + [Substring(insert + lines[line])] + lines[(line + 1)...]).joined(separator: "\n")
            let fresh = TestClient()
            fresh.initialize()
            fresh.open("a.tally", text)
            let freshDocument: JSON = ["textDocument": ["uri": .string(fresh.uri("a.tally"))]]
            for method in ["textDocument/semanticTokens/full", "textDocument/documentSymbol", "textDocument/foldingRange"] {
                let answer = client.result(method, document)
                XCTAssertNotEqual(answer, [], method)
                XCTAssertTrue(answer == fresh.result(method, freshDocument), "\(method) after edit \(version)")
            }
        }
    }

    func testSemanticTokenLengthsCountUTF16UnitsOverEmoji() {
        let client = TestClient()
        client.initialize()
        client.open("a.tally", "2026-11-02 \"😀\" Checking Fun -1.00\n")
        let data = client.result("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(client.uri("a.tally"))]])["data"]?.arrayValue ?? []
        // The second token is the quoted payee: 4 UTF-16 units, starting at column 11.
        XCTAssertEqual(Array(data[5 ..< 8]), [0, 11, 4])
    }

    func testFormattingAndRangeFormatting() {
        let client = TestClient()
        client.initialize()
        client.open("a.tally", "wallet   Checking bank\nwallet    Cash   cash\n")
        let document: JSON = ["textDocument": ["uri": .string(client.uri("a.tally"))], "options": ["tabSize": 4, "insertSpaces": true]]
        let edits = client.result("textDocument/formatting", document).arrayValue ?? []
        XCTAssertFalse(edits.isEmpty)
        var ranged = document.objectValue!
        ranged["range"] = ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 3]]
        let rangeEdits = client.result("textDocument/rangeFormatting", .object(ranged)).arrayValue ?? []
        XCTAssertFalse(rangeEdits.isEmpty)
        XCTAssertTrue(rangeEdits.allSatisfy { $0["range"]?["start"]?["line"] == 1 })
        client.open("b.tally", "wallet Checking  bank\n")  // already canonical: fields two apart
        XCTAssertEqual(client.result("textDocument/formatting", ["textDocument": ["uri": .string(client.uri("b.tally"))], "options": [:]]), [])
    }

    func testQuickFixesComeFromTheDiagnosticsData() throws {
        let client = TestClient()
        client.initialize()
        let marked = MarkedText("wallet Checking bank\nexpense Fun\n2026-11-02 ⟨a⟩Chekcing⟨b⟩ ⟨c⟩Fun⟨d⟩ ⟨e⟩-1.00\n")
        client.open("a.tally", marked.text)
        let diagnostics = try XCTUnwrap(client.diagnostics("a.tally")?["diagnostics"])
        let actions =
            client.result(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(client.uri("a.tally"))], "range": marked.range("a", "b"), "context": ["diagnostics": diagnostics]
                ]
            ).arrayValue ?? []
        let action = try XCTUnwrap(actions.first)
        XCTAssertEqual(action["title"], "Replace with `Checking`")
        XCTAssertEqual(action["kind"], "quickfix")
        // The name, and the line it stands in laid out as `tally fmt` lays it out.
        XCTAssertEqual(
            action["edit"]?["changes"]?[client.uri("a.tally")],
            [["range": marked.range("a", "c"), "newText": "Checking  "], ["range": marked.range("d", "e"), "newText": "  "]])
    }

    func testQuickFixesThatNeedTheBudgetDeclareAMissingWallet() throws {
        let client = TestClient()
        client.initialize()
        let marked = MarkedText("wallet Checking bank\nexpense Fun\n2026-11-02 ⟨a⟩Purse⟨b⟩ Fun -1.00\n")
        client.open("a.tally", marked.text)
        let actions =
            client.result(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(client.uri("a.tally"))], "range": marked.range("a", "b"), "context": ["diagnostics": []]
                ]
            ).arrayValue ?? []
        let declare = try XCTUnwrap(actions.first { $0["title"]?.stringValue?.contains("Purse") == true })
        XCTAssertEqual(declare["diagnostics"]?.arrayValue?.first?["code"], "E0401")
        let edits = try XCTUnwrap(declare["edit"]?["changes"]?[client.uri("a.tally")]?.arrayValue)
        XCTAssertTrue(edits.contains { $0["newText"]?.stringValue?.contains("wallet Purse") == true }, edits.map(\.text).joined())
        let none = client.result(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(client.uri("a.tally"))], "range": marked.range("a", "b"), "context": ["diagnostics": [], "only": ["refactor"]]
            ])
        XCTAssertEqual(none, [])
    }

    func testABankMovementWithoutACategoryIsAnInfoWithCategoriesToChoose() throws {
        let client = TestClient()
        client.initialize()
        let marked = MarkedText(
            "wallet Checking bank\nexpense Fun, Food\n2026-11-01 \"Tesco\" Checking Food -3.00\n"
                + "⟨a⟩2026-11-02 \"TESCO 42\"⟨payee⟩ ⟨wallet⟩Checking⟨gap⟩   ⟨amount⟩-1.00⟨b⟩\n    id: \"X1\"\n")
        client.open("a.tally", marked.text)
        let diagnostics = try XCTUnwrap(client.diagnostics("a.tally")?["diagnostics"]?.arrayValue)
        let info = try XCTUnwrap(diagnostics.first { $0["code"] == "I0601" })
        XCTAssertEqual(info["severity"], 3)  // Information
        XCTAssertEqual(info["range"], marked.range("a", "b"))
        let actions =
            client.result(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(client.uri("a.tally"))], "range": marked.range("a", "b"), "context": ["diagnostics": .array(diagnostics)]
                ]
            ).arrayValue ?? []
        // Food first (Tesco's history), then Fun, the other spending category, though
        // never used yet. The category goes in, and the line is laid out as `tally fmt` lays
        // it out in its block (the two transactions): payees two spaces after "TESCO 42",
        // the columns of wallet, category and amount two apart; only whitespace is edited
        // besides the category.
        XCTAssertEqual(actions.map { $0["title"]?.stringValue ?? "" }, ["Book it in Food", "Book it in Fun"])
        XCTAssertEqual(actions.first?["isPreferred"], true)
        XCTAssertEqual(
            actions.first?["edit"]?["changes"]?[client.uri("a.tally")],
            [["range": marked.range("payee", "wallet"), "newText": "  "], ["range": marked.range("gap", "amount"), "newText": "  Food  "]])
    }

    func testCompletionOffersWalletsWithAnEditOverTheTypedWord() throws {
        let client = TestClient()
        client.initialize()
        let marked = MarkedText("wallet Checking bank opening 10.00 on 2026-01-01\nwallet Cash cash\nexpense Fun\n2026-11-02 \"咖啡 😀\" ⟨word⟩Che⟨cursor⟩\n")
        client.open("a.tally", marked.text)
        let result = client.result("textDocument/completion", client.at("a.tally", marked.position("cursor")))
        let items = try XCTUnwrap(result["items"]?.arrayValue)
        let checking = try XCTUnwrap(items.first { $0["label"] == "Checking" })
        XCTAssertEqual(checking["kind"], 6)
        XCTAssertEqual(checking["textEdit"], ["range": marked.range("word", "cursor"), "newText": "Checking"])
    }

    func testFeatureRequestsWithWrongTypesAreInvalidParams() {
        let client = client()
        XCTAssertEqual(client.request("textDocument/hover", ["textDocument": ["uri": .string(client.uri("a.tally"))], "position": ["line": "x"]])["error"]?["code"], -32602)
        XCTAssertEqual(client.request("textDocument/rename", client.at("a.tally", budget.position("inWallet")))["error"]?["code"], -32602)
        XCTAssertEqual(client.request("workspace/symbol", [:])["error"]?["code"], -32602)
        XCTAssertEqual(client.request("textDocument/definition", "nonsense")["error"]?["code"], -32602)
    }

    func testRequestsAfterAnEditSeeTheNewTextEvenBeforeTheDebounce() throws {
        var configuration = TestClient.configuration
        configuration.debounceMilliseconds = 10_000
        let client = TestClient(configuration: configuration)
        client.initialize()
        client.open("a.tally", budget.text)
        client.change("a.tally", version: 2, range: budget.range("walletUse", "walletUseEnd"), text: "Checking ")
        let hover = client.result("textDocument/hover", client.at("a.tally", budget.position("inWallet")))
        XCTAssertEqual(hover["range"]?["end"]?["character"], budget.position("walletUse")["character"].flatMap { $0.intValue.map { .int($0 + 8) } })
    }

    func testSyntaxOnlyRequestsDoNotCutTheDebounceShort() {
        var configuration = TestClient.configuration
        configuration.debounceMilliseconds = 10_000
        let client = TestClient(configuration: configuration)
        client.initialize()
        client.open("a.tally", "wallet Checking bank\n")
        client.server.waitUntilIdle()
        client.change("a.tally", version: 2, range: nil, text: "currency EUR\nwallet   Checking bank\n")
        client.clear()
        let document: JSON = ["textDocument": ["uri": .string(client.uri("a.tally"))]]
        let tokens = client.result("textDocument/semanticTokens/full", document)["data"]?.arrayValue ?? []
        XCTAssertEqual(Array(tokens.prefix(5)), [0, 0, 8, 0, 0], "tokens of the new text")
        XCTAssertEqual(client.result("textDocument/documentSymbol", document).arrayValue?.count, 2)
        XCTAssertNotNil(client.result("textDocument/foldingRange", document).arrayValue)
        var formatting = document.objectValue!
        formatting["options"] = ["tabSize": 4, "insertSpaces": true]
        XCTAssertEqual(client.result("textDocument/formatting", .object(formatting)).arrayValue?.isEmpty, false)
        XCTAssertFalse(client.messages.contains { $0["method"] == "textDocument/publishDiagnostics" }, "the analysis still waits for the quiet time")
        // A request that needs the budget does bring it up to date.
        _ = client.result("textDocument/hover", client.at("a.tally", ["line": 1, "character": 10]))
        XCTAssertTrue(client.messages.contains { $0["method"] == "textDocument/publishDiagnostics" })
    }
}
