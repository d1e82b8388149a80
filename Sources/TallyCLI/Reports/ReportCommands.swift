extension TallyTool {
    /// The report commands, in the order `tally --help` lists them.
    static let reportCommands: [any Subcommand.Type] = [
        BalanceCommand.self, EnvelopesCommand.self, GoalsCommand.self, RegisterCommand.self, IncomeStatementCommand.self, ReportCommand.self,
        InsightsCommand.self, DueCommand.self, ForecastCommand.self,
        WalletsCommand.self, CategoriesCommand.self, AccountsCommand.self, PayeesCommand.self, TagsCommand.self, StatsCommand.self,
        PrintCommand.self
    ]
}
