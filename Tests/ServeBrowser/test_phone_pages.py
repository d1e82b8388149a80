"""`tally serve` on a 390 x 844 phone and a 1280 x 800 laptop, light and dark: the key
figures of every page (ready to assign, available, amount, the Record button) lie inside
the screen, no table scrolls sideways, a budget with an error says so, the add form is at
most 5 Tabs away, and the app installs (manifest, icons, theme colour)."""

import json
from pathlib import Path

import pytest
from conftest import Served

PAGES = ["", "envelopes", "register", "goals", "due", "import", "diagnostics"]
SIZES = [(390, 844), (1280, 800)]
SCHEMES = ["light", "dark"]

# The figures each page must show (by their data-figure attribute) in household.tally
# on 2026-11-22; every shown data-figure on any page is checked, these must be there.
REQUIRED = {
    "": ["ready-to-assign", "amount"],
    "envelopes": ["ready-to-assign", "available"],
    "register": ["amount"],
    "goals": ["need"],
    "due": ["amount", "record"],
}

OVERFLOW = """() => [...document.querySelectorAll('.table-box, table, pre, .envelope-list')]
    .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth)
    .map(e => (e.id || e.className || e.tagName) + ': ' + e.scrollWidth + ' > ' + e.clientWidth)"""

FIGURES = """() => [...document.querySelectorAll('[data-figure]')]
    .filter(e => e.offsetParent !== null || e.getClientRects().length > 0)
    .map(e => { const b = e.getBoundingClientRect(), r = document.createRange(); r.selectNodeContents(e);
      const lines = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top))).size;
      return {figure: e.dataset.figure, text: e.textContent, left: b.left, right: b.right, width: b.width, lines: lines}; })
    .filter(f => f.width > 0)"""


def phone_or_laptop(browser, size, scheme):
    width, height = size
    options = {"viewport": {"width": width, "height": height}, "color_scheme": scheme}
    if width < 500:
        options.update(is_mobile=True, has_touch=True, device_scale_factor=3)
    return browser.new_context(**options)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES, ids=["390", "1280"])
def test_key_figures_are_on_screen_and_no_table_scrolls_sideways(browser, served, size, scheme):
    context = phone_or_laptop(browser, size, scheme)
    page = context.new_page()
    width = size[0]
    for path in PAGES:
        page.goto(served.url + path)
        wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert wide <= 0, f"/{path} at {width} px is {wide} px too wide"
        assert page.evaluate(OVERFLOW) == [], f"/{path} at {width} px scrolls sideways inside"
        figures = page.evaluate(FIGURES)
        for figure in figures:
            assert figure["left"] >= 0 and figure["right"] <= width, f"/{path} at {width} px: {figure} is off screen"
            # A figure or a button on one line, never broken a letter a line.
            if figure["figure"] != "need":
                assert figure["lines"] == 1, f"/{path} at {width} px: {figure} is broken across lines"
        shown = {figure["figure"] for figure in figures}
        missing = [name for name in REQUIRED.get(path, []) if name not in shown]
        assert missing == [], f"/{path} at {width} px shows no {missing}"
    context.close()


def test_the_phone_envelopes_are_the_command_lines(browser, served):
    context = phone_or_laptop(browser, (390, 844), "light")
    page = context.new_page()
    page.goto(served.url + "envelopes")
    expected = served.cli("envelopes")
    items = page.locator("#envelope-list li")
    assert items.count() == len(expected["envelopes"])
    for i, envelope in enumerate(expected["envelopes"]):
        item = items.nth(i)
        assert item.get_attribute("data-envelope") == envelope["name"]
        assert item.locator("[data-figure=available]").inner_text() == envelope["available"]
        assert ("over" in item.get_attribute("class")) == envelope["overspent"]
    assert page.inner_text("#ready [data-figure=ready-to-assign]") == f"{expected['readyToAssign']} {expected['currency']}"
    # A tap opens the month's detail, with the spending behind it and a form to fill it.
    first = items.first
    first.locator("summary").tap()
    assert first.locator("dl").is_visible()
    assert first.locator("dd a").inner_text() == expected["envelopes"][0]["spent"]
    first.locator("form.quick input[name=amount]").first.fill("5.00")
    first.locator("form.quick button").first.tap()
    page.wait_for_url("**/envelopes?done=**")
    last = served.text().rstrip("\n").split("\n")[-1].split()
    assert last == ["2026-11-22", "fill", expected["envelopes"][0]["name"], "5.00"]
    context.close()


# The step asked, the day the page reaches back from for its three columns, and the day
# a step before 2026-11-22 (a week, else the first of the month a month, a quarter or a
# year before).
STEPS = [
    ("", "2026-09-01", "2026-10-01"), ("monthly", "2026-09-01", "2026-10-01"), ("weekly", "2026-11-08", "2026-11-15"),
    ("quarterly", "2026-03-01", "2026-08-01"), ("yearly", "2023-12-01", "2025-11-01"),
]


@pytest.mark.parametrize("step,begin,before", STEPS, ids=[step or "default" for step, _, _ in STEPS])
def test_the_laptop_budget_is_the_months_across(browser, served, step, begin, before):
    context = phone_or_laptop(browser, (1280, 800), "light")
    page = context.new_page()
    page.goto(served.url + "envelopes" + (f"?{step}" if step else ""))
    # The day's period and the two before it, as `tally envelopes --monthly` (or the
    # step asked) gives them.
    history = served.cli("envelopes", f"--{step or 'monthly'}", "--begin", begin, "--end", "2026-11-22")
    periods = history["periods"][-3:]
    labels = [p.inner_text() for p in page.locator("#budget-grid th.period").all()]
    assert labels == [p["label"] for p in periods]
    ready = [c.inner_text() for c in page.locator("#budget-grid tr.ready-row td").all()]
    assert ready == [p["readyToAssign"] or "" for p in periods]
    for envelope in history["envelopes"]:
        row = page.locator(f"#budget-grid tbody tr[data-envelope='{envelope['name']}']")
        available = [c.inner_text() for c in row.locator("[data-figure=available]").all()]
        assert available == [p["available"] for p in envelope["periods"][-3:] if p is not None], envelope["name"]
    # The periods before and after are a link away, the step kept.
    page.click("#previous-period")
    page.wait_for_url(f"**/envelopes?at={before}" + (f"&{step}" if step else ""))
    if step in ["", "monthly"]:
        assert [p.inner_text() for p in page.locator("#budget-grid th.period").all()][-1] == "2026-10"
    context.close()


def test_a_budget_with_an_error_shows_the_banner_on_every_page(browser, served):
    with open(served.file, "a", encoding="utf-8") as budget:
        budget.write('2026-11-21 "Bakery" Joint Fod -3.20\n')
    for size in SIZES:
        context = phone_or_laptop(browser, size, "light")
        page = context.new_page()
        for path in [p for p in PAGES if p != "diagnostics"]:
            page.goto(served.url + path)
            banner = page.locator(".message.banner.error")
            assert banner.is_visible(), f"/{path}"
            box = banner.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], f"/{path}: {box}"
            assert "see Diagnostics" in banner.inner_text()
        context.close()


@pytest.mark.parametrize("size", SIZES, ids=["390", "1280"])
def test_the_add_form_is_at_most_5_tabs_from_any_page(browser, served, size):
    context = phone_or_laptop(browser, size, "light")
    page = context.new_page()
    for path in PAGES:
        page.goto(served.url + path)
        tabs = 0
        while tabs < 5 and page.evaluate("document.activeElement.id") != "add-link":
            page.keyboard.press("Tab")
            tabs += 1
        assert page.evaluate("document.activeElement.id") == "add-link", f"/{path}"
        page.keyboard.press("Enter")
        page.wait_for_selector("#add-form")
        inside = "!!document.activeElement.closest('#add-form')"
        while tabs < 5 and not page.evaluate(inside):
            page.keyboard.press("Tab")
            tabs += 1
        assert page.evaluate(inside), f"/{path}: the add form is more than 5 Tabs away"
        assert page.evaluate("document.activeElement.id") == "add-date", f"/{path}"
    context.close()


def test_the_app_installs_with_its_manifest_and_icons(page, served):
    page.goto(served.url)
    assert page.get_attribute("meta[name=viewport]", "content") == "width=device-width, initial-scale=1"
    theme = page.get_attribute("meta[name=theme-color]", "content")
    manifest_href = page.get_attribute("link[rel=manifest]", "href")
    answer = page.request.get(served.url.rstrip("/") + manifest_href)
    assert answer.status == 200 and answer.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(answer.text())
    assert manifest["name"] == "Tally" and manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == theme
    icons = manifest["icons"] + [{"src": page.get_attribute("link[rel=apple-touch-icon]", "href"), "sizes": "180x180", "type": "image/png"}]
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in icons}
    for icon in icons:
        answer = page.request.get(served.url.rstrip("/") + icon["src"])
        assert answer.status == 200 and answer.headers["content-type"] == icon["type"], icon
        if icon["type"] == "image/png":
            body = answer.body()
            assert body[:8] == b"\x89PNG\r\n\x1a\n", icon
            side = int(icon["sizes"].split("x")[0])
            assert (int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")) == (side, side), icon
        # The browser itself decodes it (a broken CRC or deflate stream would not load).
        size = page.evaluate(
            """src => new Promise(done => { const i = new Image(); i.onload = () => done([i.naturalWidth, i.naturalHeight]);
               i.onerror = () => done(null); i.src = src; })""",
            icon["src"],
        )
        assert size is not None and size[0] > 0, icon
    # Chromium read the manifest through the page's link (the policy allows it).
    assert page.evaluate("fetch(document.querySelector('link[rel=manifest]').href, {credentials: 'include'}).then(r => r.status)") == 200


def test_the_home_screen_icon_without_the_key_says_how_to_get_back_in(browser, served):
    """The installed app's start_url opened by a phone whose browser forgot the cookie
    (or after the server started again): a page saying to open the printed address,
    401, nothing of the budget, nothing off the screen; the printed address opens it."""
    manifest_start = "/"  # test_the_app_installs_with_its_manifest_and_icons checks it
    # A context made without opening the printed address (the fixture's admits).
    context = type(browser).new_context(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    answer = page.goto(served.url.rstrip("/") + manifest_start)
    assert answer.status == 401 and answer.headers["content-type"] == "text/html; charset=utf-8"
    assert page.inner_text("h1") == "Open the address Tally printed"
    text = page.inner_text("body")
    assert "scan the QR code it printed" in text and "Joint" not in text and " --" not in text
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Opening the printed address again lets the icon's page in.
    page.goto(served.link)
    assert page.goto(served.url.rstrip("/") + manifest_start).status == 200
    assert page.locator("#main h1").inner_text() == "Overview"
    context.close()


def test_the_phone_register_goals_and_due_are_the_command_lines(browser, served):
    context = phone_or_laptop(browser, (390, 844), "dark")
    page = context.new_page()
    # Goals: saved and what each needs (Vacation: 257.14 EUR a month until 2027-06-01).
    page.goto(served.url + "goals")
    for goal in served.cli("goals")["goals"]:
        row = page.locator(f"#goals tr[data-goal='{goal['name']}']")
        assert row.locator("[data-figure=saved]").inner_text() == goal["saved"], goal["name"]
        if goal["outlook"]:
            assert row.locator("[data-figure=need]").inner_text() == goal["outlook"], goal["name"]
    # Due: each occurrence's amount with its Record button beside it, on screen.
    page.goto(served.url + "due")
    occurrences = served.cli("due")["occurrences"]
    rows = page.locator("#due tbody tr")
    assert rows.count() == len(occurrences)
    for i, occurrence in enumerate(occurrences):
        row = rows.nth(i)
        assert row.locator("[data-figure=amount]").inner_text() == f"{occurrence['amount']} {occurrence['currency']}"
        record = row.locator("[data-figure=record]")
        assert record.is_visible() and record.bounding_box()["x"] + record.bounding_box()["width"] <= 390
    # Register: date, payee and amount in view; the category under the payee.
    page.goto(served.url + "register?period=2026-11")
    expected = served.cli("register", "--period=2026-11")["rows"]
    rows = page.locator("#register tbody tr")
    assert rows.count() == len(expected)
    for i, line in enumerate(expected[:10]):
        row = rows.nth(i)
        assert row.locator("[data-figure=amount]").inner_text() == line["amount"]
        if line.get("category"):
            assert row.locator(".payee .under").inner_text().startswith(line["category"]), line
    context.close()


def test_an_opened_envelope_stays_open_with_new_figures(browser, served):
    context = phone_or_laptop(browser, (390, 844), "light")
    page = context.new_page()
    page.goto(served.url + "envelopes")
    item = page.locator("#envelope-list li[data-envelope='Groceries']")
    item.locator("summary").tap()
    before = item.locator("[data-figure=available]").inner_text()
    with open(served.file, "a", encoding="utf-8") as budget:
        budget.write('2026-11-21 "Kiosk" Joint Food:Groceries -10.00\n')
    page.wait_for_function(
        "before => document.querySelector(\"li[data-envelope='Groceries'] [data-figure=available]\").textContent !== before",
        arg=before, timeout=2000,
    )
    # 714.44 less the 10.00 just spent: 704.44, and the detail still shown.
    assert item.locator("[data-figure=available]").inner_text() == "704.44"
    assert item.locator("dl").is_visible()
    context.close()


@pytest.mark.parametrize("example", ["examples/multi-currency.tally", "examples/student.tally"])
def test_the_other_examples_fit_a_phone_too(browser, tmp_path, example, monkeypatch):
    served = Served(tmp_path, budget=example)
    served.admit(browser, monkeypatch)
    try:
        context = phone_or_laptop(browser, (390, 844), "dark")
        page = context.new_page()
        for path in PAGES + ["envelopes?weekly"]:
            # The page itself, not the way-in page a context without the cookie gets.
            assert page.goto(served.url + path).status == 200, f"{example} /{path}"
            wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert wide <= 0, f"{example} /{path} is {wide} px too wide"
            assert page.evaluate(OVERFLOW) == [], f"{example} /{path} scrolls sideways inside"
            for figure in page.evaluate(FIGURES):
                assert figure["left"] >= 0 and figure["right"] <= 390, f"{example} /{path}: {figure} is off screen"
        context.close()
    finally:
        served.stop()


def test_an_import_preview_fits_a_phone(browser, served_import):
    context = phone_or_laptop(browser, (390, 844), "light")
    page = context.new_page()
    page.goto(served_import.url + "import")
    page.set_input_files("#import-upload", str(Path(__file__).resolve().parents[2] / "examples" / "import" / "march.xml"))
    page.click("#import-form button")
    page.wait_for_url("**/import/preview")
    assert "Girokonto Food:Groceries -31.25" in " ".join(page.inner_text("#dry-run").split())
    wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert wide <= 0 and page.evaluate(OVERFLOW) == [], "the preview is cut off on the right"
    assert page.locator("#confirm-form button").bounding_box()["x"] + page.locator("#confirm-form button").bounding_box()["width"] <= 390
    context.close()
