"""`tally serve` in a real browser: figures, drill-down, forms, live updates, layout."""

import os
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]


def test_overview_figures_equal_the_command_lines(page, served):
    page.goto(served.url)
    report = served.cli("report")
    assert page.inner_text("#figure-income .value") == report["income"]
    assert page.inner_text("#figure-expense .value") == report["expense"]
    assert page.inner_text("#figure-net .value") == report["net"]
    balance = served.cli("balance")
    rows = page.locator("#wallets tbody tr")
    for wallet in balance["wallets"]:
        row = rows.filter(has=page.locator("th", has_text=wallet["name"])).first
        assert row.locator("td").first.inner_text() == wallet["balance"], wallet["name"]
    assert rows.last.locator("td").first.inner_text() == balance["total"]


def test_a_category_drills_down_to_its_register_rows(page, served):
    page.goto(served.url)
    link = page.locator("#spending tbody th a").first
    category = link.inner_text()
    link.click()
    page.wait_for_url("**/register?**")
    expected = served.cli("register", "--category", category, "--period", "2026-11")["rows"]
    rows = page.locator("#register tbody tr")
    assert rows.count() == len(expected)
    amounts = [rows.nth(i).locator("[data-figure=amount]").inner_text() for i in range(rows.count())]
    assert amounts == [row["amount"] for row in expected]


def test_a_donut_slice_drills_down_too(page, served):
    page.goto(served.url)
    slice = page.locator("#chart-spending a").first
    href = slice.get_attribute("href")
    assert href.startswith("/register?category=")
    page.goto(served.url.rstrip("/") + href)
    assert page.locator("#register tbody tr").count() > 0


def register_flags(url):
    """The command line's register flags for a register address's query."""
    from urllib.parse import parse_qsl, urlparse

    # `q` is the query: the command line's words after the file.
    return [value if name == "q" else f"--{name}={value}" for name, value in parse_qsl(urlparse(url).query)]


def assert_rows_are_the_command_lines(page, served, url):
    expected = served.cli("register", *register_flags(url))["rows"]
    rows = page.locator("#register tbody tr")
    assert len(expected) > 0, url
    # The page leads with a wallet's opening balance when the rows start at the
    # beginning (so that a balance's rows add up to it); the command lists entries only.
    entries = [rows.nth(i) for i in range(rows.count()) if "Opening balance" not in rows.nth(i).inner_text()]
    assert len(entries) == len(expected), url
    amounts = [row.locator("[data-figure=amount]").inner_text() for row in entries]
    assert amounts == [row["amount"] for row in expected], url


def test_a_balance_and_the_progress_bars_drill_down_to_their_rows(page, served):
    # A wallet's balance: its rows up to the day.
    page.goto(served.url)
    balance = page.locator("#wallets tbody tr").first.locator("td a").first
    balance.click()
    page.wait_for_url("**/register?**")
    assert "wallet=" in page.url and "period=..2026-11-22" in page.url
    assert_rows_are_the_command_lines(page, served, page.url)
    # An envelope's bar: its spending in its period; a goal's bar: its wallet's rows.
    for chart, expected in [("#chart-envelopes", "q=envelope%3A"), ("#chart-goals", "wallet=Savings")]:
        page.goto(served.url)
        page.locator(f"{chart} a").first.click()
        page.wait_for_url("**/register?**")
        assert expected in page.url, page.url
        assert_rows_are_the_command_lines(page, served, page.url)


def test_assigning_money_writes_a_fill_line(page, served):
    page.goto(served.url + "envelopes")
    page.select_option("#assign-envelope", "Gift-fund")
    page.fill("#assign-amount", "25.00")
    page.fill("#assign-date", "2026-11-22")
    page.click("#assign-form button")
    page.wait_for_url("**/envelopes?done=**")
    last = served.text().rstrip("\n").split("\n")[-1].split()
    assert last == ["2026-11-22", "fill", "Gift-fund", "25.00"]
    assert "Assigned 25.00." in page.inner_text("main")


def test_moving_money_writes_a_move_line(page, served):
    page.goto(served.url + "envelopes")
    page.select_option("#move-from", "Going-out")
    page.select_option("#move-to", "Gift-fund")
    page.fill("#move-amount", "10.00")
    page.click("#move-form button")
    page.wait_for_url("**/envelopes?done=**")
    last = served.text().rstrip("\n").split("\n")[-1].split()
    assert last == ["2026-11-22", "move", "Going-out", "->", "Gift-fund", "10.00"]


def test_adding_a_purchase_on_a_phone_writes_the_transaction(browser, served):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(served.url)
    page.fill("#add-payee", "Corner Shop")
    page.select_option("#add-wallet", "Joint")
    page.select_option("#add-category", "Food:Groceries")
    page.fill("#add-amount", "12.40")
    page.tap("#add-form button")
    page.wait_for_url("**/register?done=**")
    last = served.text().rstrip("\n").split("\n")[-1]
    assert last.split() == ["2026-11-22", '"Corner', 'Shop"', "Joint", "Food:Groceries", "-12.40"]
    context.close()


def test_an_import_is_previewed_then_confirmed_once(import_page, served_import):
    page, served = import_page, served_import
    before = served.text()
    statement = str(REPOSITORY / "examples" / "import" / "march.xml")
    page.goto(served.url + "import")
    page.set_input_files("#import-upload", statement)
    page.click("#import-form button")
    page.wait_for_url("**/import/preview")
    # Spacing squeezed: the lines are laid out by the formatter.
    dry_run = " ".join(page.inner_text("#dry-run").split())
    assert "Girokonto Food:Groceries -31.25" in dry_run
    assert "2026-03-31 assert Girokonto 4919.83" in dry_run
    assert "matched          1" in page.inner_text("#import-summary")
    assert served.text() == before, "the preview wrote"
    # A save under the open preview: it says that confirming it now would be refused.
    with open(served.file, "a", encoding="utf-8") as budget:
        budget.write("; saved in an editor\n")
    page.wait_for_selector("#stale:not([hidden])", timeout=2000)
    assert "importing it now would be refused" in page.inner_text("#stale")
    before = served.text()
    page.goto(served.url + "import")
    page.set_input_files("#import-upload", statement)
    page.click("#import-form button")
    page.wait_for_url("**/import/preview")
    page.click("#confirm-form button")
    page.wait_for_url("**/import?done=**")
    assert "Imported march.xml: added 4" in page.inner_text("main")
    added = served.text()[len(before):].split("\n")
    assert [line.split()[0] for line in added if line and not line.startswith(" ")] == [
        "2026-03-05", "2026-03-10", "2026-03-25", "2026-03-27", "2026-03-31"
    ]
    assert '    id: "2026032500002"' in added
    imported = served.text()
    # The same statement again: the preview adds nothing, and so does its confirmation.
    page.goto(served.url + "import")
    page.set_input_files("#import-upload", statement)
    page.click("#import-form button")
    page.wait_for_url("**/import/preview")
    assert "added            0" in page.inner_text("#import-summary")
    page.click("#confirm-form button")
    page.wait_for_url("**/import?done=**")
    assert served.text() == imported


def test_an_edit_on_disk_shows_within_a_second_without_a_reload(page, served):
    page.goto(served.url)
    page.evaluate("window.notReloaded = true")
    before = page.inner_text("#figure-expense .value")
    with open(served.file, "a", encoding="utf-8") as budget:
        budget.write('2026-11-21 "Kiosk" Joint Food:Groceries -100.00\n')
    start = time.monotonic()
    page.wait_for_function(
        "before => document.querySelector('#figure-expense .value').textContent !== before", arg=before, timeout=1000
    )
    assert time.monotonic() - start <= 1.0
    assert page.evaluate("window.notReloaded") is True
    assert page.inner_text("#figure-expense .value") == served.cli("report")["expense"]


def test_a_stale_form_is_refused(page, served):
    page.goto(served.url + "envelopes")
    with open(served.file, "a", encoding="utf-8") as budget:
        budget.write("; changed in an editor\n")
    changed = served.text()
    page.select_option("#assign-envelope", "Gift-fund")
    page.fill("#assign-amount", "25.00")
    page.click("#assign-form button")
    assert "changed on disk" in page.inner_text("main")
    assert page.locator("main a", has_text="Reload").count() == 1
    assert served.text() == changed


def test_no_page_scrolls_sideways_at_390_px(browser, served):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    for path in ["", "envelopes", "register", "goals", "due", "import", "diagnostics", "source?file=0&line=40"]:
        page.goto(served.url + path)
        wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert wide <= 0, f"/{path} is {wide} px too wide"
    context.close()


def test_the_keyboard_reaches_the_content_first(page, served):
    page.goto(served.url)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the figures"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "add-link"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('href')") == "/"


def test_dark_mode_follows_the_system(browser, served):
    colors = []
    for scheme in ["light", "dark"]:
        context = browser.new_context(color_scheme=scheme)
        page = context.new_page()
        page.goto(served.url)
        colors.append(page.evaluate("getComputedStyle(document.body).backgroundColor"))
        context.close()
    assert colors[0] != colors[1]


def test_pages_work_with_scripts_off(browser, served):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(served.url)
    assert page.inner_text("#figure-income .value") == served.cli("report")["income"]
    context.close()


def png_size(path: Path):
    """The width and height a PNG file's header states."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and header[12:16] == b"IHDR", f"{path} is not a PNG"
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def test_screenshot_for_the_readme(browser, served):
    """docs/serve-overview.png (README.md and docs/serve.md show it), written when
    TALLY_RECORD=1, else to a temporary file: the overview on a 390 x 844 phone, with
    ready to assign, what needs attention and the month's figures in the frame, as the
    command line computes them."""
    width, height = 390, 844
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.goto(served.url)
    report = served.cli("report")
    envelopes = served.cli("envelopes")
    due = served.cli("due", "--days", "7")
    in_frame = {f"#figure-{name}": report[name] for name in ["income", "expense", "net"]}
    in_frame["#ready [data-figure=ready-to-assign]"] = f"{envelopes['readyToAssign']} {envelopes['currency']}"
    first_due = due["occurrences"][0]
    in_frame["#attention .due [data-figure=amount]"] = f"{first_due['amount']} {first_due['currency']}"
    in_frame["#add-link"] = "+ Add a purchase"
    for selector, expected in in_frame.items():
        figure = page.locator(selector).first
        shown = figure.locator(".value").inner_text() if selector.startswith("#figure-") else figure.inner_text()
        assert shown == expected, selector
        box = figure.bounding_box()
        assert box is not None and box["x"] >= 0 and box["y"] >= 0, selector
        assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, f"{selector} is outside the picture: {box}"
    target = REPOSITORY / "docs" / "serve-overview.png" if os.environ.get("TALLY_RECORD") == "1" else served.file.with_suffix(".png")
    page.screenshot(path=str(target), full_page=False)
    # The phone's pixels: 390 x 844 CSS pixels at the context's device scale factor.
    scale = page.evaluate("window.devicePixelRatio")
    assert png_size(target) == (int(width * scale), int(height * scale))
    # The picture the documents show is one this test takes.
    assert png_size(REPOSITORY / "docs" / "serve-overview.png") == png_size(target)
    for document in ["README.md", "docs/serve.md"]:
        assert "serve-overview.png" in (REPOSITORY / document).read_text(encoding="utf-8"), document
    context.close()
