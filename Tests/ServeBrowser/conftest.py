"""Fixtures for driving `tally serve` with Debian's chromium through Playwright.

The binary is $TALLY_BINARY (the one just built); the browser is $CHROMIUM (default
/usr/bin/chromium): Playwright never downloads a browser of its own. Each test gets a
copy of examples/household.tally, a server on a free loopback port, and a page whose
every request is checked to stay on that server.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

REPOSITORY = Path(__file__).resolve().parents[2]
TODAY = "2026-11-22"


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"]
        )
        yield chromium
        chromium.close()


class Served:
    """A running `tally serve` over a copy of a budget."""

    def __init__(self, folder: Path, budget: str = "examples/household.tally", today: str = TODAY):
        self.binary = os.environ["TALLY_BINARY"]
        self.file = folder / "budget.tally"
        self.today = today
        shutil.copyfile(REPOSITORY / budget, self.file)
        self.process = subprocess.Popen(
            [self.binary, "serve", "--port", "0", "--today", today, str(self.file)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        # The printed address carries this run's key; pages trade it for a cookie
        # (`admit`). `url` is the server's root without it.
        self.link = self.process.stdout.readline().strip()
        assert self.link.startswith("http://127.0.0.1:") and "/?token=" in self.link, self.link
        self.url = self.link.split("?", 1)[0]

    def cli(self, *arguments):
        """What `tally ARGUMENTS --format json` prints for the same budget, parsed."""
        out = subprocess.run(
            # The file right after the command: query words follow it.
            [self.binary, arguments[0], str(self.file), *arguments[1:], "--format", "json", "--today", self.today],
            capture_output=True, text=True, check=True,
        ).stdout
        return json.loads(out)

    def text(self) -> str:
        return self.file.read_text(encoding="utf-8")

    def admit(self, browser, monkeypatch):
        """Every context the test makes opens the printed address first, as the person
        does, so it has the cookie."""
        make = browser.new_context

        def new_context(**options):
            context = make(**options)
            welcome = context.new_page()
            welcome.goto(self.link)
            welcome.close()
            return context

        monkeypatch.setattr(browser, "new_context", new_context)

    def stop(self):
        self.process.kill()
        self.process.wait()


@pytest.fixture
def served(tmp_path, browser, monkeypatch):
    server = Served(tmp_path)
    server.admit(browser, monkeypatch)
    yield server
    server.stop()


@pytest.fixture
def served_import(tmp_path, browser, monkeypatch):
    """A server over examples/import's budget on 2026-04-01 (its statement is March's)."""
    server = Served(tmp_path, budget="examples/import/budget.tally", today="2026-04-01")
    server.admit(browser, monkeypatch)
    yield server
    server.stop()


@pytest.fixture
def import_page(browser, served_import):
    yield from guarded_page(browser, served_import)


@pytest.fixture
def page(browser, served):
    yield from guarded_page(browser, served)


def guarded_page(browser, served):
    """A page at 1280 px whose requests must all go to the server (others are aborted
    and make the test fail)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    elsewhere = []

    def guard(route):
        if route.request.url.startswith(served.url):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    page.elsewhere = elsewhere
    yield page
    context.close()
    assert elsewhere == [], f"requests left the machine: {elsewhere}"
