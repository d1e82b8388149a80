"""Entries a form once could not save as they are, on a phone (390×844): a transfer
written with a negative amount and one between currencies, saved from their forms as
drawn (nothing written, and the page says so), the second's amount received edited
(exactly its line changes, `tally fmt --check` clean); the register valued at market as
`/api/register` values it."""

import subprocess

import pytest

from conftest import Served

BUDGET = """currency EUR
currency USD

wallet Checking  bank  opening 1000.00
wallet Savings   bank  opening 500.00
wallet Dollars   bank  currency USD

expense Food, Fun
envelope Food  200.00  monthly  for Food
envelope Fun    50.00  monthly  for Fun

2026-11-01 transfer Savings -> Checking  -50.00
2026-11-04 transfer Checking -> Dollars  100.00 = 108.00 USD

2026-10-01 rate USD  0.90 EUR
"""


@pytest.fixture
def served_signs(tmp_path, browser, monkeypatch):
    source = tmp_path / "source.tally"
    source.write_text(BUDGET, encoding="utf-8")
    folder = tmp_path / "served"
    folder.mkdir()
    server = Served(folder, budget=str(source))
    server.admit(browser, monkeypatch)
    yield server
    server.stop()


@pytest.fixture
def phone_page(browser, served_signs):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    elsewhere = []

    def guard(route):
        if route.request.url.startswith(served_signs.url):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    yield page
    context.close()
    assert elsewhere == [], f"requests left the machine: {elsewhere}"


def formatted(served) -> bool:
    return subprocess.run([served.binary, "fmt", "--check", str(served.file)], capture_output=True).returncode == 0


def open_row(page, served, text, amount):
    page.goto(served.url + "register")
    page.locator("tr", has_text=text).filter(has_text=amount).first.locator("a.row-action").tap()
    page.wait_for_url("**/edit?**")


def test_negative_and_converting_transfers_on_a_phone(phone_page, served_signs):
    page, served = phone_page, served_signs
    assert formatted(served)
    # The negative transfer's form shows its sign; saved as drawn, nothing is written.
    open_row(page, served, "→ Savings", "50.00")
    assert page.input_value("#edit-amount") == "-50.00"
    page.get_by_role("button", name="Save").tap()
    page.wait_for_url("**/register?done=**")
    assert "Nothing changed: the entry is as it was, so nothing was written." in page.inner_text("main")
    assert served.text() == BUDGET

    # Between currencies both sides show, inside the phone's width.
    open_row(page, served, "→ Dollars", "-100.00")
    assert page.input_value("#edit-received") == "108.00" and page.input_value("#edit-rate") == ""
    box = page.locator("#edit-received").bounding_box()
    assert box and box["x"] + box["width"] <= 390
    page.fill("#edit-received", "110")
    page.get_by_role("button", name="Save").tap()
    page.wait_for_url("**/register?done=**")
    assert served.text() == BUDGET.replace("100.00 = 108.00 USD", "100.00 = 110.00 USD")
    assert formatted(served)
    # The browser shows runs of spaces as one.
    assert "Wrote `2026-11-04 transfer Checking -> Dollars 100.00 = 110.00 USD`." in page.inner_text("main")

    # The register valued at market: 110.00 USD at 0.90 is 99.00 EUR, as the API says.
    page.goto(served.url + "register?market")
    figures = page.locator("[data-figure=amount]").all_inner_texts()
    api = page.request.get(served.url + "api/register?market").json()
    assert figures == [row["amount"] for row in api["rows"]] and "99.00" in figures, figures
