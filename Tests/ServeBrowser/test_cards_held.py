"""The Envelopes page's line of what the cards owe that no money holds (Grammar.md §4,
"Credit overspending") on a 390 x 844 phone: mid-month, the running month's card part
named by card, inside the screen, the page never wider than it."""

from conftest import Served


def test_the_cards_held_line_fits_a_phone(browser, tmp_path, monkeypatch):
    # ynab-two-cards on 25 January: Groceries 100.00 − 80.00 (Visa) − 50.00 (Amex) and
    # Games 50.00 − 70.00 (Amex): 30.00 + 20.00 = 50.00 on Amex; the cards owe 200.00.
    served = Served(tmp_path, budget="Tests/TallyInteropTests/Goldens/apps/ynab-two-cards.tally", today="2026-01-25")
    served.admit(browser, monkeypatch)
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=3)
        page = context.new_page()
        page.goto(served.url + "envelopes")
        line = page.locator("#cards-held")
        assert " ".join(line.inner_text().split()) == "Owed on cards: 200.00 USD, 50.00 of it held by no money (Amex)"
        box = line.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert wide <= 0, f"/envelopes at 390 px is {wide} px too wide"
        context.close()
    finally:
        served.stop()
