import TallyCore
import TallyImport
import TallySyntax

/// What reading a bank statement and planning its import promise for any bytes: no
/// crash, trap or hang, whatever the options (every format: CSV, OFX, CAMT, MT940, QIF,
/// Fio XML and JSON); the same bytes read the same, every statement of a file; a statement
/// that cannot be read says so with a message and a place inside the file; one that can
/// has its rows at places inside the file, oldest first unless a CSV file lists them in
/// no order (its running balances follow the file's); and the import plan gives every
/// row exactly one outcome, never adding one movement twice.
///
/// The options are chosen from the input's hash, so that a kept input replays the same:
/// an encoding, a separator, a decimal mark, a date format and a number of lines to skip,
/// each stated or left to detection.
enum StatementProperties {
    static func check(_ bytes: [UInt8]) -> String? {
        let options = Self.options(for: bytes)
        let statements: [Statement]
        do {
            statements = try StatementReader.readAll(bytes, path: "s", options: options)
        } catch {
            if error.message.isEmpty { return "an error without a message" }
            if let position = error.position, let problem = outside(position, bytes) { return "the error \(problem): \(error.message)" }
            if (try? StatementReader.readAll(bytes, path: "s", options: options)) != nil { return "a second reading succeeded where the first failed" }
            return nil
        }
        guard let again = try? StatementReader.readAll(bytes, path: "s", options: options), again.count == statements.count else {
            return "reading the same bytes twice gave other statements"
        }
        for (statement, second) in zip(statements, again) {
            if let problem = check(statement, again: second, bytes) { return problem }
        }
        return nil
    }

    /// The promises for one statement of a file (an OFX file may hold several).
    static func check(_ statement: Statement, again: Statement, _ bytes: [UInt8]) -> String? {
        guard again.rows == statement.rows, again.closingBalance == statement.closingBalance, again.account == statement.account else {
            return "reading the same bytes twice gave two statements"
        }
        let ordered = zip(statement.rows, statement.rows.dropFirst()).allSatisfy { $0.date <= $1.date }
        if !ordered && (statement.format != .csv || zip(statement.rows, statement.rows.dropFirst()).allSatisfy({ $0.date >= $1.date })) {
            return "rows out of date order (\(statement.format.rawValue))"
        }
        for row in statement.rows {
            if let problem = outside(row.position, bytes) { return "a row \(problem)" }
        }
        for skipped in statement.skipped {
            if let problem = outside(skipped.position, bytes) { return "a skipped row \(problem)" }
        }
        return plan(statement)
    }

    /// The budget the statements are planned into: a wallet with hand-entered entries to
    /// match, a payee rule, history to categorize from and a `match` rule.
    static let budgetText = """
        currency EUR
        wallet Checking bank opening 100.00 on 2026-01-01
        income Salary
        expense Food, Fun
        payee "Tesco" Food
        match "NETFLIX" Fun
        2026-01-02 "Bakery" Checking Food -3.20
        2026-01-03 "ACME" Checking Salary +900.00
            id: "A1"

        """

    static func plan(_ statement: Statement) -> String? {
        guard let budget = try? BudgetLoader(provider: InMemoryFileProvider(["b.tally": budgetText])).load("b.tally") else {
            return "the fixed budget did not load"
        }
        let model = Interpreter.run(budget, today: CivilDate(year: 2026, month: 11, day: 22)!).model
        let profile = WalletImport(model: model, wallet: 0)
        let plan = ImportPlan(model: model, wallet: 0, statements: [statement], rules: profile.rules)
        if plan.decisions.count != statement.rows.count {
            return "\(statement.rows.count) rows but \(plan.decisions.count) decisions"
        }
        var added = Set<String>()
        let used = Categorizer.mostUsed(in: model, uses: NameUses(model: model))
        for decision in plan.decisions {
            guard case .add(let choice) = decision.outcome else { continue }
            if !added.insert(decision.id).inserted { return "the id \(decision.id) is added twice" }
            if choice == nil { _ = plan.categorizer.likeliest(decision.row, in: model, mostUsed: used) }
        }
        return nil
    }

    /// Why `position` is not a place in the file, or nil when it is: lines count from 1 up
    /// to one past the last line break (of any kind, in any encoding).
    static func outside(_ position: StatementPosition, _ bytes: [UInt8]) -> String? {
        let lines = bytes.reduce(1) { $1 == 0x0A || $1 == 0x0D ? $0 + 1 : $0 }
        if position.line < 1 || position.line > lines { return "is on line \(position.line) of a file of at most \(lines)" }
        if position.column < 0 || position.column > bytes.count + 1 { return "is in column \(position.column) of a file of \(bytes.count) bytes" }
        return nil
    }

    /// The options a user might state, chosen by the input's hash.
    static func options(for bytes: [UInt8]) -> StatementReader.Options {
        var state = FuzzSupport.hash(bytes)
        func pick(_ count: Int) -> Int { Int(FuzzSupport.next(&state) % UInt64(count)) }
        var options = StatementReader.Options()
        let encodings: [StatementEncoding?] = [nil, nil, nil] + StatementEncoding.allCases.map { $0 }
        options.encoding = encodings[pick(encodings.count)]
        let separators: [Character?] = [nil, nil, ";", ",", "\t", "|"]
        options.csv.separator = separators[pick(separators.count)]
        let marks: [AmountText.DecimalMark?] = [nil, nil, .comma, .point]
        options.csv.decimalMark = marks[pick(marks.count)]
        let formats: [DateFormat?] = [nil, nil, nil] + DateFormat.allCases.map { $0 }
        options.csv.dateFormat = formats[pick(formats.count)]
        let skips: [Int?] = [nil, nil, nil, 0, 1, 3]
        options.csv.skip = skips[pick(skips.count)]
        return options
    }
}
