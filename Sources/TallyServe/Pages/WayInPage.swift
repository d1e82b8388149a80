import TallyReports

/// What a browser gets without this run's key (401): the app opened from the home screen
/// after the browser forgot the cookie (it lasts until the browser closes) or after
/// `tally serve` started again (each run has a new key). A page, not a line of text, that
/// says in a person's words how to get back in — and nothing of the budget. It loads
/// nothing (its style sheet would need the key too), so it reads as plain HTML. An API
/// request or an asset gets the one line (``AccessRules/askForTheLink``).
enum WayInPage {
    /// The answer to a request for `path` without the key.
    static func response(path: String) -> HTTPResponse {
        let page = !path.hasPrefix("/api/") && !path.hasPrefix("/assets/") && path != "/manifest.webmanifest"
        return page ? .html(render(), status: .unauthorized) : .text(AccessRules.askForTheLink, status: .unauthorized)
    }

    /// The page.
    static func render() -> HTML {
        var page = PageLayout.headStart(title: "Open the address Tally printed") + "</head>\n"
        page += "<body>\n<main id=\"main\">\n<h1>Open the address Tally printed</h1>\n"
        page += "<p id=\"way-in\">\(AccessRules.askForTheLink)</p>\n"
        page += "<p>This browser does not have this run's key, so this page shows nothing of the budget. "
        page += "A browser keeps the key until it is closed, and each time <code>tally serve</code> starts it makes a new one: "
        page += "an app icon on the home screen opens this page after either.</p>\n"
        page += "<p>Open the address from the terminal where <code>tally serve</code> runs (on a phone, scan the QR code it printed), "
        page += "and the app works again; after that the icon opens it until the browser or the server stops.</p>\n"
        return page + "</main>\n</body>\n</html>\n"
    }
}
