"""Running the budget from a phone (390×844): a purchase added split across two
categories, edited, deleted and undone from the pages, the file compared with the one
before after each step (exactly the intended lines change, and `tally fmt --check` stays
clean); a purchase form gone stale re-checked and applied with one press."""

import subprocess

import pytest


def changed(before: str, after: str):
    """The lines that differ: those between the common first and last lines."""
    old, new = before.split("\n"), after.split("\n")
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return old[head:len(old) - tail], new[head:len(new) - tail]


def formatted(served) -> bool:
    return subprocess.run([served.binary, "fmt", "--check", str(served.file)], capture_output=True).returncode == 0


@pytest.fixture
def phone(browser, served):
    """A phone-sized page whose requests must all stay on the server."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    elsewhere = []

    def guard(route):
        if route.request.url.startswith(served.url):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    yield page
    context.close()
    assert elsewhere == [], f"requests left the machine: {elsewhere}"


def open_edit_form(page, served, payee, amount=""):
    page.goto(served.url + "register")
    page.locator("tr", has_text=payee).filter(has_text=amount).first.locator("a.row-action").tap()
    page.wait_for_url("**/edit?**")


def test_add_split_edit_delete_undo_on_a_phone(phone, served):
    page = phone
    assert formatted(served)
    page.goto(served.url + "register")
    page.fill("#add-payee", "Corner Shop")
    page.select_option("#add-wallet", "Joint")
    page.select_option("#add-category", "Food:Groceries")
    page.fill("#add-amount", "30")
    page.get_by_role("button", name="Split across categories").tap()
    # The form comes back with split rows, the first one the category chosen; nothing written.
    assert page.input_value("#split-category-0") == "Food:Groceries"
    page.fill("#split-amount-0", "20")
    page.select_option("#split-category-1", "Fun")
    before = served.text()
    page.get_by_role("button", name="Add", exact=True).tap()
    page.wait_for_url("**/register?done=**")
    removed, added = changed(before, served.text())
    assert removed == [] and len(added) == 3, added
    assert added[0].startswith('2026-11-22 "Corner Shop"') and added[0].split()[-1] == "-30.00"
    assert added[1].split() == ["Food:Groceries", "-20.00"] and added[2].split() == ["Fun"]
    assert formatted(served)
    assert "Added the purchase." in page.inner_text("main")
    undo = page.get_by_role("button", name="Undo").bounding_box()
    assert undo and undo["x"] + undo["width"] <= 390

    # Edit: 25.00 of groceries; Fun takes the rest, so only the groceries line changes.
    open_edit_form(page, served, "Corner Shop")
    # The form shows the entry as written: Fun's amount left out, as it takes the rest.
    assert page.input_value("#split-amount-0") == "-20.00" and page.input_value("#split-amount-1") == ""
    page.fill("#split-amount-0", "25")
    before = served.text()
    page.get_by_role("button", name="Save").tap()
    page.wait_for_url("**/register?done=**")
    removed, added_now = changed(before, served.text())
    assert [line.split() for line in removed] == [["Food:Groceries", "-20.00"]]
    assert [line.split() for line in added_now] == [["Food:Groceries", "-25.00"]]
    assert formatted(served)

    # Delete it from its edit page: its three lines go, nothing else.
    open_edit_form(page, served, "Corner Shop")
    before_delete = served.text()
    page.get_by_role("button", name="Delete this entry").tap()
    page.wait_for_url("**/register?done=**")
    removed, added_now = changed(before_delete, served.text())
    assert len(removed) == 3 and removed[0].startswith('2026-11-22 "Corner Shop"') and added_now == []
    assert formatted(served)

    # Undo the delete: the file is as the edit left it.
    with page.expect_navigation():  # from one answer's page to the next
        page.get_by_role("button", name="Undo").tap()
    assert served.text() == before_delete
    assert "Undid the last write." in page.inner_text("main")


def test_a_stale_purchase_form_is_applied_with_one_press(phone, served):
    page = phone
    page.goto(served.url + "register")
    page.fill("#add-payee", "Bakery")
    page.select_option("#add-wallet", "Joint")
    page.select_option("#add-category", "Food:Groceries")
    page.fill("#add-amount", "4.50")
    with open(served.file, "a", encoding="utf-8") as budget:
        budget.write("; changed in an editor\n")
    changed_elsewhere = served.text()
    page.get_by_role("button", name="Add", exact=True).tap()
    page.get_by_role("button", name="Apply it").wait_for()
    main = page.inner_text("main")
    assert "changed on disk" in main and "Applied now, it would write" in main
    assert served.text() == changed_elsewhere
    # What was typed is still there; one press applies it.
    assert page.input_value("#entry-payee") == "Bakery" and page.input_value("#entry-amount") == "4.50"
    page.get_by_role("button", name="Apply it").tap()
    page.wait_for_url("**/register?done=**")
    removed, added = changed(changed_elsewhere, served.text())
    assert removed == [] and [line for line in added if line.strip()][0].split()[-1] == "-4.50"
    assert formatted(served)


def test_a_transfer_edited_and_a_move_deleted_then_undone_on_a_phone(phone, served):
    page = phone
    assert formatted(served)
    # The transfer's register row leads to its own form: from, to, amount, date, note.
    open_edit_form(page, served, "Visa statement", "187.95")
    assert page.inner_text("#entry-form h2") == "Edit a transfer"
    assert page.input_value("#edit-from") == "Joint" and page.input_value("#edit-to") == "Visa"
    assert page.input_value("#edit-amount") == "187.95" and page.input_value("#edit-date") == "2026-11-02"
    page.fill("#edit-amount", "190")
    before = served.text()
    page.get_by_role("button", name="Save").tap()
    page.wait_for_url("**/register?done=**")
    removed, added = changed(before, served.text())
    assert [line.split() for line in removed] == [["2026-11-02", '"Visa', 'statement"', "transfer", "Joint", "->", "Visa", "187.95"]]
    assert [line.split() for line in added] == [["2026-11-02", '"Visa', 'statement"', "transfer", "Joint", "->", "Visa", "190.00"]]
    assert formatted(served)
    main = page.inner_text("main")
    assert "Changed `2026-11-02" in main and "190.00`." in main, main

    # The move's row is on Envelopes; deleted from its edit page, only its line goes.
    page.goto(served.url + "envelopes")
    row = page.locator("#money-moves li", has_text="Moved 40.00 from Going-out to Gift-fund")
    box = row.locator("a.row-action").bounding_box()
    assert box and box["x"] + box["width"] <= 390
    row.locator("a.row-action").tap()
    page.wait_for_url("**/edit?**")
    assert page.inner_text("#entry-form h2") == "Edit money moved"
    assert page.input_value("#edit-from") == "Going-out" and page.input_value("#edit-to") == "Gift-fund"
    before_delete = served.text()
    page.get_by_role("button", name="Delete this entry").tap()
    page.wait_for_url("**/envelopes?done=**")
    removed, added = changed(before_delete, served.text())
    assert [line.split() for line in removed] == [["2026-11-16", "move", "Going-out", "->", "Gift-fund", "40.00"]] and added == []
    assert formatted(served)
    assert "Deleted `2026-11-16 move Going-out -> Gift-fund" in page.inner_text("main")

    # Undo: the file is as the edit left it, and the row is back.
    undo = page.get_by_role("button", name="Undo")
    box = undo.bounding_box()
    assert box and box["x"] + box["width"] <= 390
    with page.expect_navigation():
        undo.tap()
    assert served.text() == before_delete
    assert "Undid the last write." in page.inner_text("main")
    assert page.locator("#money-moves li", has_text="Moved 40.00 from Going-out to Gift-fund").count() == 1
