#!/usr/bin/env python3
"""Generate a large, realistic, valid Tally file for benchmarks.

    python3 Benchmarks/generate.py N OUT.tally [--seed=S]

Writes a header (currencies, 8 wallets, 47 categories, 16 envelopes, 6 goals, 8
recurring rules, payee rules, options) followed by exactly N dated entries in date
order, starting on 2000-01-01. The entries span up to 26 years (ending no later than
2025-12-31), so large files have many entries per day.

The generator simulates the budget while it writes so that the result is not only
syntactically valid but also semantically clean. Wallets never go below zero (credit
cards stay within their limit). No envelope reaches its alert share or its amount.
Hand-filled envelopes are only spent from what was filled or moved in. Every recurring
occurrence is recorded (`rule NAME`) or skipped. Fills never exceed the income received
so far, and neither planned amounts nor spending that no envelope counts (the rent, the
bills, fees) take ready to assign below zero (W0503, W0514): income is written first.
The envelopes end with the last entry (`until`), so the budget stays clean when it is
checked on a later day. No two transactions without a bank id share a day, wallet,
amount and payee (W0510). Split parts add up to their header amount. Exact arithmetic is done in integer
cents. The output is deterministic for a given N and seed. A short summary goes to
stderr.

Standard library only.
"""
import datetime as dt
import random
import sys

SEED = 20260101
START = dt.date(2000, 1, 1)
LAST_DAY = dt.date(2025, 12, 31)

# ----------------------------------------------------------------------------------
# Static data
# ----------------------------------------------------------------------------------

INCOME = ["Salary:Alex", "Salary:Sam", "Freelance", "Interest", "Dividends",
          "Gifts-received", "Refunds"]

# category -> (weight among spending, min cents, max cents, payees)
EXPENSE = {
    "Food:Groceries":         (22, 800, 14000, ["Lidl", "Aldi Süd", "Rewe", "Edeka", "Tesco Metro", "Carrefour Market", "Whole Foods"]),
    "Food:Bakery":            (6, 150, 1800, ["Bäckerei Hoff", "Le Petit Pain", "Backwerk"]),
    "Food:Eating-out":        (7, 1200, 9500, ["Trattoria Roma", "Pizzeria Napoli", "Sushi Bar Kyo", "The Green Fork", "Curry House"]),
    "Food:Coffee":            (6, 250, 900, ["Starbucks", "Café Lind", "Bean There", "Espresso Bar"]),
    "Food:Lunch":             (5, 450, 1600, ["Canteen", "Noodle Box", "Salad & Co", "Deli Corner"]),
    "Transport:Fuel":         (5, 2500, 9000, ["Shell", "Aral", "Esso", "Total"]),
    "Transport:Public":       (4, 180, 8600, ["City Transit", "DB Regio", "Metro Card"]),
    "Transport:Taxi":         (1, 900, 4500, ["Taxi Berlin", "Uber", "FreeNow"]),
    "Transport:Car-service":  (1, 8000, 45000, ["AutoFix Garage", "Tyre Center"]),
    "Health:Pharmacy":        (2, 300, 4500, ["Apotheke am Markt", "Boots", "dm Drogerie"]),
    "Health:Doctor":          (1, 1000, 12000, ["Dr. Weber", "Medical Center"]),
    "Health:Dental":          (1, 2500, 30000, ["Smile Dental"]),
    "Fun:Cinema":             (2, 800, 3200, ["Kino Lumen", "Cineplex"]),
    "Fun:Concerts":           (1, 2500, 12000, ["Ticketmaster", "Eventim"]),
    "Fun:Games":              (1, 500, 7000, ["Steam", "GameStop", "Nintendo eShop"]),
    "Fun:Books":              (2, 700, 4000, ["Buchhandlung Weiss", "Thalia", "Waterstones"]),
    "Travel:Flights":         (1, 6000, 90000, ["Lufthansa", "Ryanair", "KLM", "Condor"]),
    "Travel:Hotels":          (1, 7000, 60000, ["Booking.com", "Hotel Adler", "Airbnb"]),
    "Travel:Local":           (1, 500, 6000, ["Museum Shop", "City Tours", "Ferry Co"]),
    "Shopping:Clothing":      (3, 1500, 16000, ["H&M", "Zara", "Uniqlo", "C&A"]),
    "Shopping:Electronics":   (1, 1500, 90000, ["MediaMarkt", "Saturn", "Apple Store"]),
    "Shopping:Household":     (3, 300, 6000, ["IKEA", "Bauhaus", "Tchibo", "Rossmann"]),
    "Kids:School":            (1, 500, 9000, ["School Office", "Schreibwaren Kunz"]),
    "Kids:Toys":              (1, 700, 6000, ["Spielwaren Kunz", "Lego Store"]),
    "Gifts-given":            (1, 1000, 8000, ["Flower Shop", "Gift Corner", "Amazon"]),
    "Subscriptions:Apps":     (1, 99, 1999, ["App Store", "Google Play"]),
    "Housing:Energy":         (1, 4000, 16000, ["Stadtwerke", "GreenPower"]),
    "Housing:Internet":       (1, 2999, 4999, ["FiberNet"]),
    "Housing:Repairs":        (1, 1500, 40000, ["Plumber Meyer", "Hardware Store"]),
    "Insurance":              (1, 1500, 12000, ["Allianz", "HUK"]),
    "Fees":                   (1, 100, 1500, ["Bank fee", "ATM fee"]),
    "Charity":                (1, 1000, 10000, ["Red Cross", "UNICEF", "Food Bank"]),
    "Pets":                   (2, 600, 7000, ["Fressnapf", "Vet Clinic"]),
    "Education":              (1, 1500, 25000, ["Coursera", "Language School"]),
    "Personal-care":          (2, 500, 5000, ["Hair Studio", "Barber Joe"]),
    "Sport":                  (1, 1000, 9000, ["Decathlon", "Climbing Gym"]),
}
EXTRA_EXPENSE = ["Housing:Rent", "Housing:Water", "Subscriptions:Phone",
                 "Subscriptions:Streaming"]           # used by recurring rules only
FALLBACK_CATS = ["Fees", "Education", "Shopping:Electronics", "Insurance"]  # unbudgeted

# The wallets (the header line of each is written in Generator.header).
WALLETS = [
    ("Checking",   "bank"),
    ("Joint",      "bank"),
    ("Cash",       "cash"),
    ("Visa",       "credit"),
    ("'Old Amex'", "credit"),
    ("Savings",    "savings"),
    ("Brokerage",  "investment"),
    ("Dollars",    "bank"),
]

# (name, period, categories, wallets or None, rollover, alert %, hand-filled)
ENVELOPES = [
    ("Groceries",     "monthly",   ["Food:Groceries", "Food:Bakery"], None, True, 90, False),
    ("Eating-out",    "monthly",   ["Food:Eating-out", "Food:Coffee"], None, False, 90, False),
    ("Lunch",         "weekly",    ["Food:Lunch"], None, False, None, False),
    ("Transport",     "monthly",   ["Transport"], None, True, None, False),
    ("Health",        "quarterly", ["Health"], None, False, None, False),
    ("Fun",           "monthly",   ["Fun"], None, False, 90, False),
    ("Travel",        "yearly",    ["Travel"], None, True, None, False),
    ("Shopping",      "monthly",   ["Shopping:Clothing", "Shopping:Household"], None, False, 90, False),
    ("Kids",          "monthly",   ["Kids"], None, False, None, False),
    ("Utilities",     "monthly",   ["Housing:Energy", "Housing:Internet"], None, False, None, False),
    ("Pets",          "monthly",   ["Pets"], None, True, None, False),
    ("Cash-treats",   "weekly",    ["Food:Bakery", "Food:Coffee"], ["Cash"], False, None, False),
    ("Gifts",         "monthly",   ["Gifts-given"], None, True, None, True),
    ("Repairs",       "monthly",   ["Housing:Repairs", "Sport", "Personal-care"], None, True, None, True),
    ("Giving",        "yearly",    ["Charity"], None, True, None, True),
    ("Everything",    "monthly",   ["*"], None, False, 95, False),
]

INCOME_WALLETS = ["Checking", "Joint", "Dollars", "Savings", "Brokerage"]
INCOME_CUM = [45, 82, 90, 95, 100]        # cumulative weights: income lands where it is spent
PEOPLE = ["Alex", "Sam"]
TAGS = ["#weekly", "#family", "#work", "#online", "#treat", "#kids", "#car", "#holiday",
        "#birthday", "#bulk", "#refund-pending", "#tax"]
NOTES = ["weekly shop", "with the kids", "birthday dinner", "paid for both", "urgent",
         "second-hand", "on sale", "for the office", "gift for Mia", "return trip",
         "annual plan", "split with friends", "cash back", "late fee included"]
INCOME_PAYEES = {
    "Freelance": ["Northwind Traders", "Contoso Ltd", "Fabrikam Inc", "Tailspin Toys"],
    "Interest": ["Sparbank"],
    "Dividends": ["Broker Depot"],
    "Gifts-received": ["Grandma", "Uncle Tom"],
    "Refunds": ["Amazon refund", "Tax office", "Insurance refund"],
}


def money(cents):
    """Format integer cents as a signed-or-unsigned decimal with two places."""
    sign = "-" if cents < 0 else ""
    c = -cents if cents < 0 else cents
    return "%s%d.%02d" % (sign, c // 100, c % 100)


def smoney(cents):
    """Like money() but with an explicit + on positive amounts."""
    return ("+" if cents > 0 else "") + money(cents)


def add_months(d, k, day):
    m0 = d.month - 1 + k
    y, m = d.year + m0 // 12, m0 % 12 + 1
    last = (dt.date(y + (m == 12), m % 12 + 1, 1) - dt.timedelta(days=1)).day
    return dt.date(y, m, last if day == "last" else min(day, last))


class Generator:
    def __init__(self, n, seed):
        self.n = n
        self.seed = seed
        self.rng = random.Random(seed)
        # Span: about two entries a day for small files, the full 26 years for large ones.
        self.span = max(60, min((LAST_DAY - START).days + 1, n // 2))
        self.end = START + dt.timedelta(days=self.span - 1)
        self.density = n / self.span                      # dated entries per day
        self.out = []
        self.count = 0
        self.stats = dict(fallback_cat=0, fallback_income=0, atm=0, payoff=0, fills_short=0,
                          splits=0, transfers=0, ordinary=0, income=0, moves=0, contributions=0,
                          cross=0, ids=0, below_floor=0)
        self.id_seq = 0
        self.usd_rate = 9000          # EUR per USD, in units of 1/10000 (0.9000)

        # Expected spending per day per category, in cents (for sizing budgets).
        spend_share = 0.76 + 0.09 * 2.5                    # ordinary + split parts per entry
        wsum = sum(v[0] for v in EXPENSE.values())
        self.cat_list = list(EXPENSE)
        self.cat_weights = [EXPENSE[c][0] for c in self.cat_list]
        self.cat_cum = []
        acc = 0
        for wgt in self.cat_weights:
            acc += wgt
            self.cat_cum.append(acc)
        self.per_day = {c: self.density * spend_share * EXPENSE[c][0] / wsum
                        * (EXPENSE[c][1] + EXPENSE[c][2]) / 2 for c in EXPENSE}

        self.closed_on = START + dt.timedelta(days=self.span // 5)
        self.laptop_reached = START + dt.timedelta(days=max(40, self.span // 8))

        # Wallet state.
        scale = max(1.0, self.density / 2)
        self.limits = {"Visa": int(round(2500 * scale, -2)) * 100,
                       "'Old Amex'": int(round(1000 * scale, -2)) * 100}
        self.opening = {"Checking": int(round(4000 * scale, -2)) * 100, "Joint": int(round(2000 * scale, -2)) * 100,
                        "Cash": 20000, "Visa": 0, "'Old Amex'": 0, "Savings": 1500000,
                        "Brokerage": 0, "Dollars": 50000}
        self.bal = dict(self.opening)
        self.currency = {w: "EUR" for w, _ in WALLETS}
        self.currency["Dollars"] = "USD"
        # Ready to assign as Tally computes it (EUR cents), or less: the openings of the
        # budget's wallets (not hidden; the cards open at 0), plus income in them, less
        # fills, the planned amount of every envelope period begun, spending no envelope
        # counts and money sent to the hidden Brokerage, plus what a period leaves without
        # carrying it (Grammar.md §4). What a period leaves is added when the generator
        # next looks at the envelope, which is never earlier than Tally adds it.
        self.ready = sum(self.opening[w] for w in ("Checking", "Joint", "Cash", "Savings")) \
            + self.opening["Dollars"] * self.usd_rate // 10000
        # Income entries written to cover spending no envelope counts, to be counted
        # against the random entries.
        self.extra = 0
        # The day's transactions without a bank id: (date, {(wallet, payee, cents)}).
        self.day_seen = ("", set())

        # Recurring rules, then envelope state.
        self.rules = self._rules()
        recurring_per_day = 0.0
        for r in self.rules:
            if r["payee"] is not None and r["cents"] < 0:
                per = {"week": 7, "month": 30.44, "quarter": 91.3, "year": 365.25}[r["unit"]] * r["n"]
                recurring_per_day += -r["cents"] / per
        # Share of random entries that are income: enough, with the salaries, to cover
        # the expected spending with a tenth to spare (fallbacks top up the rest).
        avg_spend = sum(v[0] * (v[1] + v[2]) / 2 for v in EXPENSE.values()) / wsum
        month_spend = self.density * 30.44 * spend_share * avg_spend + recurring_per_day * 30.44
        salaries = next(r["cents"] for r in self.rules if r["name"] == "pay-alex") \
            + next(r["cents"] for r in self.rules if r["name"] == "pay-sam") * 2.17
        need = max(0.0, 1.1 * month_spend - salaries)
        self.p_income = min(0.15, max(0.01, need / (self.density * 30.44 * 45000 * 1.25)))
        self.goal_sum = {"Emergency": 0, "Vacation": 0, "Car": 0}
        # Random spending leaves room for the recurring charges that are booked unguarded.
        rent = -next(r["cents"] for r in self.rules if r["name"] == "rent")
        self.reserve = {"Checking": rent + 31000 + 25000 + 10000, "Joint": 8400 + 10000,
                        "Visa": 10000}
        self.env = []
        for name, period, cats, ins, roll, alert, hand in ENVELOPES:
            self.env.append(dict(name=name, period=period, cats=cats, ins=ins, roll=roll,
                                 alert=alert, hand=hand, amount=0, key=None, avail=0, spent=0))
        days_per = {"weekly": 7, "monthly": 30.44, "quarterly": 91.3, "yearly": 365.25}
        for e in self.env:
            exp = sum(v for c, v in self.per_day.items() if self._covers(e, c))
            if e["cats"] == ["*"]:
                exp += recurring_per_day
            if e["ins"]:
                exp *= 0.2
            margin = 2.2 if e["period"] == "weekly" else 1.8
            e["amount"] = max(5000, int(round(exp * days_per[e["period"]] * margin, -3)))
        self.cat_envs = {c: [e for e in self.env if self._covers(e, c)]
                         for c in list(EXPENSE) + EXTRA_EXPENSE}

        self.mandatory = self._mandatory()

    @staticmethod
    def _covers(e, cat):
        for f in e["cats"]:
            if f == "*" or cat == f or cat.startswith(f + ":"):
                return True
        return False

    # ------------------------------------------------------------------ rules
    def _rules(self):
        until = self.end.isoformat()
        rent = int(round(900 + 5 * self.density)) * 100
        alex = int(round(3200 + 40 * self.density)) * 100
        sam = int(round(1450 + 20 * self.density)) * 100
        R = []
        # (name, unit, n, on, from, payee, wallet/transfer, category, cents)
        R.append(("rent", "month", 1, 1, START, "Property Management", "Checking", "Housing:Rent", -rent))
        R.append(("pay-alex", "month", 1, "last", dt.date(2000, 1, 31), "Globex Corp", "Checking", "Salary:Alex", alex))
        R.append(("pay-sam", "week", 2, "friday", dt.date(2000, 1, 7), "Initech", "Joint", "Salary:Sam", sam))
        R.append(("phone", "month", 1, 15, dt.date(2000, 1, 15), "TelcoNet", "Visa", "Subscriptions:Phone", -2999))
        R.append(("streaming", "month", 1, 20, dt.date(2000, 1, 20), "Streamly", "Visa", "Subscriptions:Streaming", -1299))
        R.append(("insurance", "year", 1, 15, dt.date(2000, 3, 15), "SafeHome Insurance", "Checking", "Insurance", -31000))
        R.append(("water", "quarter", 1, 10, dt.date(2000, 1, 10), "City Water", "Joint", "Housing:Water", -8400))
        R.append(("saving", "month", 1, 25, dt.date(2000, 1, 25), None, ("Checking", "Savings"), "Emergency", 25000))
        rules = []
        for name, unit, n, on, start, payee, wallet, cat, cents in R:
            every = "every %s%s" % ("%d " % n if n > 1 else "", unit + ("s" if n > 1 else ""))
            sched = "%-23s from %s until %s as %-10s" % ("%s on %s" % (every, on), start.isoformat(), until, name)
            if payee is None:
                body = "transfer %s -> %s %s  goal %s" % (wallet[0], wallet[1], money(cents), cat)
            else:
                body = '%-22s %-9s %-24s %9s' % ('"%s"' % payee, wallet, cat, smoney(cents))
            rules.append(dict(name=name, unit=unit, n=n, on=on, start=start, payee=payee,
                              wallet=wallet, cat=cat, cents=cents, header=sched + " " + body))
        return rules

    def _occurrences(self, r):
        out = []
        k = 0
        while True:
            if r["unit"] == "week":
                d = r["start"] + dt.timedelta(weeks=r["n"] * k)
            else:
                mult = {"month": 1, "quarter": 3, "year": 12}[r["unit"]]
                d = add_months(r["start"], r["n"] * k * mult, r["on"])
            if d > self.end:
                return out
            out.append(d)
            k += 1

    def _mandatory(self):
        """Entries that must fall on given days: recurring occurrences, rates, fills, ..."""
        m = {}

        def put(d, item):
            m.setdefault((d - START).days, []).append(item)

        for r in self.rules:
            for d in self._occurrences(r):
                skip = r["name"] == "streaming" and self.rng.random() < 0.05
                put(d, ("skip", r) if skip else ("rule", r))
        d = START
        while d <= self.end:
            put(d, ("rate",))
            d = add_months(d, 1, 1)
        # Fills: monthly envelopes on the 10th, the yearly one on 10 January.
        d = dt.date(2000, 1, 10)
        while d <= self.end:
            put(d, ("fill", "Gifts"))
            put(d, ("fill", "Repairs"))
            if d.month == 1:
                put(d, ("fill", "Giving"))
            d = add_months(d, 1, 10)
        # Rainy-day is a monthly goal of 100.00: put it aside on the 2nd.
        d = dt.date(2000, 1, 2)
        while d <= self.end:
            put(d, ("rainy",))
            d = add_months(d, 1, 2)
        # The Laptop goal: six contributions of 250.00 before it is reached.
        step = max(1, (self.laptop_reached - START).days // 7)
        for i in range(6):
            put(START + dt.timedelta(days=step * (i + 1)), ("laptop",))
        # The Visa statement is paid from a bank account on the 3rd of every month.
        d = dt.date(2000, 2, 3)
        while d <= self.end:
            put(d, ("visa",))
            d = add_months(d, 1, 3)
        put(self.closed_on, ("close-amex",))
        return m

    # ------------------------------------------------------------------ header
    def header(self):
        w = self.out.append
        w("; Generated by Benchmarks/generate.py: %d dated entries, %s..%s." % (
            self.n, START.isoformat(), self.end.isoformat()))
        w("; Deterministic (seed %d); do not edit by hand." % self.seed)
        w("")
        w("currency EUR")
        w("currency USD")
        w("option week-start monday")
        w("option overlapping-envelopes allow")
        w("")
        o = START - dt.timedelta(days=1)
        w("wallet Checking    bank        opening %s on %s  owner Alex, Sam" % (money(self.opening["Checking"]), o))
        w("wallet Joint       bank        opening %s on %s  owner Alex, Sam" % (money(self.opening["Joint"]), o))
        w("wallet Cash        cash        opening %s on %s  owner Alex" % (money(self.opening["Cash"]), o))
        w("wallet Visa        credit      limit %d  owner Alex, Sam" % (self.limits["Visa"] // 100))
        w("wallet 'Old Amex'  credit      limit %d  closed %s  owner Sam" % (self.limits["'Old Amex'"] // 100, self.closed_on))
        w("wallet Savings     savings     opening %s on %s" % (money(self.opening["Savings"]), o))
        w("wallet Brokerage   investment  hidden")
        w("wallet Dollars     bank        currency USD  opening %s USD on %s" % (money(self.opening["Dollars"]), o))
        w("")
        # The opening dollars are counted in euros from the start: a rate must exist then.
        w("%s rate USD %d.%04d EUR" % (o, self.usd_rate // 10000, self.usd_rate % 10000))
        w("")
        w("income  " + ", ".join(INCOME))
        cats = list(EXPENSE) + EXTRA_EXPENSE
        for i in range(0, len(cats), 6):
            w("expense " + ", ".join(cats[i:i + 6]))
        w("")
        w('payee "Lidl"       Food:Groceries')
        w('payee "Shell"      Transport:Fuel')
        w('payee "Starbucks"  Food:Coffee')
        w("")
        for e in self.env:
            s = "envelope %-12s %9s %-9s for %s" % (
                e["name"], "" if e["hand"] else money(e["amount"]), e["period"], ", ".join(e["cats"]))
            if e["ins"]:
                s += "  in " + ", ".join(e["ins"])
            if e["roll"]:
                s += "  rollover"
            if e["alert"]:
                s += "  alert %d%%" % e["alert"]
            # The budget ends with its last entry, and so do its envelopes: checked on a
            # later day (the benchmarks say 2026-11-22), they plan nothing the budget never
            # records income for (W0503).
            s += "  until %s" % self.end.isoformat()
            w(s)
        w("")
        w("goal Emergency  15000                 in Savings")
        w("goal Vacation    3000  by 2027-07-01  in Savings")
        w("goal Car        12000  by 2028-12-31")
        w("goal House      60000  by 2035-01-01  in Brokerage")
        w("goal Laptop      1500  reached %s" % self.laptop_reached)
        w("goal Rainy-day    100  monthly")
        w("")
        for r in self.rules:
            w(r["header"])
        w("")

    # ------------------------------------------------------------------ state helpers
    def floor(self, wallet):
        return -self.limits[wallet] if wallet in self.limits else 0

    def check_floor(self, wallet):
        if self.bal[wallet] < self.floor(wallet):
            self.stats["below_floor"] += 1

    def to_eur(self, cents, wallet):
        if self.currency[wallet] == "USD":
            return (cents * self.usd_rate + 9999) // 10000
        return cents

    def to_eur_low(self, cents, wallet):
        """Income in euros, never more than Tally counts (it rounds half away from zero)."""
        if self.currency[wallet] == "USD":
            return cents * self.usd_rate // 10000
        return cents

    def plan_periods(self, d):
        """Take the planned amounts of the envelope periods that begin on d (all of them
        on the first day, which opens the first periods) from ready to assign, and add
        income first when they would take it below zero."""
        prev = d - dt.timedelta(days=1)
        planned = sum(e["amount"] for e in self.env
                      if not e["hand"] and e["cats"] != ["*"]
                      and (d == START or self.period_key(e["period"], d) != self.period_key(e["period"], prev)))
        added = 0
        while self.ready < planned:
            self.emit_income(d.isoformat(), d, wallet="Checking", big=True)
            self.stats["plan_topups"] = self.stats.get("plan_topups", 0) + 1
            added += 1
        self.ready -= planned
        return added

    def period_key(self, period, d):
        if period == "weekly":
            return d.toordinal() - d.weekday()
        if period == "monthly":
            return d.year * 12 + d.month
        if period == "quarterly":
            return d.year * 4 + (d.month - 1) // 3
        return d.year

    def cell(self, e, d):
        """Bring envelope e to the period of d; return it."""
        k = self.period_key(e["period"], d)
        if e["key"] != k:
            carry = e["avail"] - e["spent"] if e["roll"] and e["key"] is not None else 0
            if not e["roll"] and e["key"] is not None and e["cats"] != ["*"]:
                # Not carried: what the period left, and the planned amount of each
                # period between that nobody spent from, went back to ready to assign.
                step = 7 if e["period"] == "weekly" else 1
                skipped = (k - e["key"]) // step - 1
                self.ready += e["avail"] - e["spent"] + (0 if e["hand"] else e["amount"] * skipped)
            e["key"] = k
            e["avail"] = (0 if e["hand"] else e["amount"]) + carry
            e["spent"] = 0
        return e

    def env_book(self, cat, wallet, eur, d):
        for e in self.cat_envs[cat]:
            if e["ins"] and wallet not in e["ins"]:
                continue
            self.cell(e, d)["spent"] += eur

    def spend_ok(self, wallet, parts, d):
        """parts: list of (cat, cents>0). Checks wallet floor and envelopes."""
        total = sum(c for _, c in parts)
        if self.bal[wallet] - total < self.floor(wallet) + self.reserve.get(wallet, 0):
            return False
        if wallet == "'Old Amex'" and d >= self.closed_on:
            return False
        if self.unbudgeted(wallet, parts) > self.ready:
            return False
        # Several parts may share an envelope: check cumulatively.
        acc = {}
        for cat, c in parts:
            eur = self.to_eur(c, wallet)
            for e in self.cat_envs[cat]:
                if e["ins"] and wallet not in e["ins"]:
                    continue
                acc[id(e)] = acc.get(id(e), 0) + eur
        for e in self.env:
            a = acc.get(id(e))
            if a is None:
                continue
            c = self.cell(e, d)
            limit = c["avail"]
            if e["alert"]:
                limit = min(limit, e["amount"]) * e["alert"] // 100 - 1
            if c["spent"] + a > limit:
                return False
        return True

    def unbudgeted(self, wallet, parts):
        """The EUR cents of parts that no envelope assigning money counts: taken from
        ready to assign (the global cap `for *` is a limit, not an assignment)."""
        return sum(self.to_eur(c, wallet) for cat, c in parts
                   if not any(e["cats"] != ["*"] and (not e["ins"] or wallet in e["ins"])
                              for e in self.cat_envs[cat]))

    def book_spend(self, wallet, parts, d):
        self.ready -= self.unbudgeted(wallet, parts)
        for cat, c in parts:
            self.env_book(cat, wallet, self.to_eur(c, wallet), d)
        self.bal[wallet] -= sum(c for _, c in parts)

    def unique(self, ds, wallet, payee, cents, extra):
        """A second transaction on a day with the same wallet, amount and payee and no bank
        id looks entered twice (W0510): at a million entries it happens by chance, so the
        second one gets its bank id, as two real movements would have."""
        if extra:
            return extra
        if self.day_seen[0] != ds:
            self.day_seen = (ds, set())
        key = (wallet, payee, cents)
        if key in self.day_seen[1]:
            self.stats["ids"] += 1
            return ("    " + self.next_id(dt.date.fromisoformat(ds)),)
        self.day_seen[1].add(key)
        return extra

    def next_id(self, d):
        self.id_seq += 1
        return 'id: "TX-%s-%07d"' % (d.strftime("%Y%m%d"), self.id_seq)

    # ------------------------------------------------------------------ emitters
    def emit(self, line, extra=()):
        self.out.append(line)
        if extra:
            self.out.extend(extra)
        self.count += 1

    def emit_income(self, ds, d, wallet=None, big=False):
        rng = self.rng
        if wallet is None or wallet in ("Cash", "Visa", "'Old Amex'"):
            wallet = rng.choice(("Checking", "Checking", "Joint"))
        if wallet == "Dollars":
            cat = "Freelance"
        elif wallet == "Savings":
            cat = "Interest"
        elif wallet == "Brokerage":
            cat = "Dividends"
        else:
            cat = rng.choice(("Freelance", "Freelance", "Freelance", "Refunds", "Gifts-received"))
        base = 45000        # income entries are a fixed share of entries, as is spending
        cents = rng.randint(base // 2, base * 2) if not big else rng.randint(base * 2, base * 4)
        if cat in ("Interest", "Dividends"):
            cents //= 4
        payee = rng.choice(INCOME_PAYEES[cat])
        line = '%s %-24s %-10s %-22s %10s' % (ds, '"%s"' % payee, wallet, cat, smoney(cents))
        if rng.random() < 0.3:
            line += "  #work"
        extra = (("    " + self.next_id(d)),) if wallet in ("Checking", "Joint") and rng.random() < 0.5 else ()
        self.ids_count(extra)
        extra = self.unique(ds, wallet, payee, cents, extra)
        self.bal[wallet] += cents
        if wallet != "Brokerage":                  # hidden: its income is not assigned
            self.ready += self.to_eur_low(cents, wallet)
        self.stats["income"] += 1
        self.emit(line, extra)

    def ids_count(self, extra):
        if extra:
            self.stats["ids"] += 1

    def emit_transfer(self, ds, d, src, dst, cents, clause="", label=None):
        """Same-currency or cross-currency transfer; caller checked the balance."""
        rng = self.rng
        prefix = '"%s" ' % label if label else ""
        code = " USD" if self.currency[src] == "USD" else ""
        head = "%s %stransfer %s -> %s %s%s" % (ds, prefix, src, dst, money(cents), code)
        recv = cents
        if self.currency[src] != self.currency[dst]:
            self.stats["cross"] += 1
            if self.currency[dst] == "USD":        # EUR -> USD: state the amount received
                recv = cents * 10000 // self.usd_rate
                head += " = %s USD" % money(recv)
            else:                                    # USD -> EUR: whole dollars at a 2-place rate
                r2 = self.usd_rate // 100            # EUR per USD, in cents
                head += " @ %d.%02d" % (r2 // 100, r2 % 100)
                recv = cents * r2 // 100
        self.bal[src] -= cents
        self.bal[dst] += recv
        self.check_floor(src)
        if clause:
            head += "  " + clause
        self.stats["transfers"] += 1
        self.emit(head)

    def random_entry(self, ds, d):
        rng = self.rng
        x = rng.random()
        if x < 0.09:
            return self.random_split(ds, d)
        x -= 0.09
        if x < self.p_income:
            return self.emit_income(ds, d, rng.choices(INCOME_WALLETS, cum_weights=INCOME_CUM)[0])
        x -= self.p_income
        if x < 0.05:
            return self.random_transfer(ds, d)
        if x < 0.06:
            return self.random_contribution(ds, d)
        if x < 0.065:
            return self.random_move(ds, d)
        return self.random_ordinary(ds, d)

    def pick_wallet(self, cents, d):
        x = self.rng.random()
        if x < 0.36:
            return "Checking"
        if x < 0.55:
            return "Joint"
        if x < 0.78:
            return "Visa" if d >= self.closed_on or x < 0.72 else "'Old Amex'"
        if x < 0.95:
            return "Cash" if cents < 6000 else "Checking"
        return "Dollars"

    def fallback(self, ds, d, wallet):
        """A spend did not fit: top up the wallet that was short, or bring in income."""
        rng = self.rng
        if wallet == "Cash" and self.bal["Checking"] >= 30000:
            self.stats["atm"] += 1
            return self.emit_transfer(ds, d, "Checking", "Cash", rng.choice((10000, 20000, 30000)),
                                      label="ATM")
        if wallet in self.limits and self.bal[wallet] < 0:
            owed = -self.bal[wallet]
            src = "Checking" if self.bal["Checking"] >= owed else "Joint"
            if self.bal[src] >= owed:
                self.stats["payoff"] += 1
                return self.emit_transfer(ds, d, src, wallet, owed, label="Card statement")
        self.stats["fallback_income"] += 1
        return self.emit_income(ds, d, wallet, big=True)

    def random_ordinary(self, ds, d):
        rng = self.rng
        cat = rng.choices(self.cat_list, cum_weights=self.cat_cum)[0]
        wgt, lo, hi, payees = EXPENSE[cat]
        cents = rng.randint(lo, hi)
        wallet = self.pick_wallet(cents, d)
        if wallet == "Dollars":
            cents = cents * 11 // 10
        if not self.spend_ok(wallet, [(cat, cents)], d):
            alt = rng.choice(FALLBACK_CATS)
            lo2, hi2 = EXPENSE[alt][1], EXPENSE[alt][2]
            cents2 = rng.randint(lo2, min(hi2, lo2 * 4))
            if self.spend_ok(wallet, [(alt, cents2)], d):
                self.stats["fallback_cat"] += 1
                cat, cents = alt, cents2
                payees = EXPENSE[alt][3]
            else:
                return self.fallback(ds, d, wallet)
        payee = rng.choice(payees)
        self.book_spend(wallet, [(cat, cents)], d)
        shown_cat = cat
        if (payee == "Lidl" and cat == "Food:Groceries") or (payee == "Shell" and cat == "Transport:Fuel") \
                or (payee == "Starbucks" and cat == "Food:Coffee"):
            if rng.random() < 0.7:
                shown_cat = ""                      # let the payee rule supply the category
        if rng.random() < 0.08:
            p = '"%s" "%s"' % (payee, rng.choice(NOTES))
            line = "%s %s  %s  %s  %s" % (ds, p, wallet, shown_cat, money(-cents)) if shown_cat \
                else "%s %s  %s  %s" % (ds, p, wallet, money(-cents))
        else:
            line = '%s %-24s %-10s %-22s %10s' % (ds, '"%s"' % payee, wallet, shown_cat, money(-cents))
        y = rng.random()
        if y < 0.22:
            line += "  " + rng.choice(TAGS)
        if y < 0.04:
            line += " " + rng.choice(TAGS)
        if rng.random() < 0.12:
            line += "  by " + rng.choice(PEOPLE)
        extra = ()
        if wallet in ("Checking", "Joint", "Visa") and rng.random() < 0.3:
            extra = ("    " + self.next_id(d),)
            self.stats["ids"] += 1
        extra = self.unique(ds, wallet, payee, -cents, extra)
        self.stats["ordinary"] += 1
        self.emit(line, extra)

    def random_split(self, ds, d):
        rng = self.rng
        k = rng.choice((2, 2, 2, 3, 3, 4))
        cats = []
        while len(cats) < k:
            c = rng.choices(self.cat_list, cum_weights=self.cat_cum)[0]
            if c not in cats:
                cats.append(c)
        parts = [(c, rng.randint(EXPENSE[c][1], max(EXPENSE[c][1], EXPENSE[c][2] // 2))) for c in cats]
        wallet = rng.choice(("Checking", "Joint", "Visa", "Visa"))
        if not self.spend_ok(wallet, parts, d):
            return self.random_ordinary(ds, d)
        self.book_spend(wallet, parts, d)
        total = sum(c for _, c in parts)
        payee = rng.choice(("Walmart", "Target", "Costco", "Tesco Extra", "Amazon", "Kaufland",
                            "Carrefour", "Migros", "Marks & Spencer"))
        line = '%s %-24s %-10s %-22s %10s' % (ds, '"%s"' % payee, wallet, "", money(-total))
        if rng.random() < 0.2:
            line += "  " + rng.choice(TAGS)
        extra = []
        for c, cents in parts:
            s = "    %-22s %10s" % (c, money(-cents))
            r = rng.random()
            if r < 0.1:
                s += "  " + rng.choice(TAGS)
            if r > 0.85:
                s += '  "%s"' % rng.choice(NOTES)
            extra.append(s)
        if rng.random() < 0.4:
            extra.append("    " + self.next_id(d))
            self.stats["ids"] += 1
        else:
            extra.extend(self.unique(ds, wallet, payee, -total, ()))
        self.stats["splits"] += 1
        self.emit(line, extra)

    def random_transfer(self, ds, d):
        rng = self.rng
        x = rng.random()
        if x < 0.3:
            src, dst, cents, clause = "Checking", "Savings", rng.randint(50, 400) * 100, \
                "goal " + rng.choice(("Emergency", "Vacation", "Car"))
        elif x < 0.45:
            src, dst, cents, clause = "Checking", "Cash", rng.choice((5000, 10000, 20000)), ""
        elif x < 0.6:
            # Even out the two bank accounts: the richer one pays.
            src, dst = ("Checking", "Joint") if self.bal["Checking"] > self.bal["Joint"] else ("Joint", "Checking")
            gap = abs(self.bal["Checking"] - self.bal["Joint"]) // 2
            cents, clause = max(100, min(gap, rng.randint(100, 1500) * 100 * int(1 + gap // 1000000))) // 100 * 100, ""
        elif x < 0.7:
            src, dst, cents, clause = "Savings", "Brokerage", rng.randint(5, 40) * 10000, "goal House"
        elif x < 0.85 and self.bal["Dollars"] < 500000:
            src, dst, cents, clause = "Checking", "Dollars", rng.randint(2000, 60000), ""
        else:
            top = 400 if self.bal["Dollars"] < 500000 else 4000
            src, dst, cents, clause = "Dollars", "Checking", rng.randint(1, top) * 100, ""
        if self.bal[src] - cents < self.floor(src) + self.reserve.get(src, 0) \
                or ((dst == "Brokerage" or clause.startswith("goal")) and self.ready < cents):
            return self.emit_income(ds, d, src if src not in ("Savings",) else "Checking")
        if dst == "Brokerage" or clause.startswith("goal"):
            # Hidden: the money leaves the budget. Saved for a goal held in the budget's
            # wallets: it is assigned (Grammar.md §4, "Goals in the equation").
            self.ready -= cents
        if x >= 0.45 and x < 0.6 and rng.random() < 0.3:
            clause = "by " + rng.choice(PEOPLE)
        self.emit_transfer(ds, d, src, dst, cents, clause)

    def random_contribution(self, ds, d):
        rng = self.rng
        g = rng.choice(("Emergency", "Vacation", "Car"))
        cents = rng.randint(20, 300) * 100
        if rng.random() < 0.1 and self.goal_sum[g] >= cents:
            cents = -cents // 4
        if cents > self.ready:
            return self.emit_income(ds, d, "Checking")
        # A goal held in the budget's wallets: saving assigns from ready to assign.
        self.ready -= cents
        self.goal_sum[g] += cents
        self.stats["contributions"] += 1
        self.emit("%s goal %s %s" % (ds, g, money(cents)) + ("  #bonus" if rng.random() < 0.1 else ""))

    def random_move(self, ds, d):
        src = self.cell(self.env[12], d)     # Gifts
        dst_e = self.env[13]                 # Repairs
        self.cell(dst_e, d)
        room = src["avail"] - src["spent"]
        cents = min(room // 2, self.rng.randint(10, 80) * 100)
        if cents <= 0:
            return self.random_ordinary(ds, d)
        src["avail"] -= cents
        dst_e["avail"] += cents
        self.stats["moves"] += 1
        self.emit("%s move Gifts -> Repairs %s" % (ds, money(cents)))

    def assign_goal(self, ds, d, cents):
        """Take what a goal held in the budget's wallets saves from ready to assign, with
        income written first when it holds less (Grammar.md §4, "Goals in the equation")."""
        while self.ready < cents:
            self.emit_income(ds, d, wallet="Checking", big=True)
            self.extra += 1
        self.ready -= cents

    def mandatory_entry(self, item, ds, d):
        kind = item[0]
        if kind == "rule":
            r = item[1]
            if r["payee"] is None:
                src, dst = r["wallet"]
                self.assign_goal(ds, d, r["cents"])
                self.bal[src] -= r["cents"]
                self.bal[dst] += r["cents"]
                self.check_floor(src)
                self.stats["transfers"] += 1
                return self.emit("%s transfer %s -> %s %s  goal %s  rule %s" % (
                    ds, src, dst, money(r["cents"]), r["cat"], r["name"]))
            cents = r["cents"]
            w = r["wallet"]
            if cents < 0:
                # The rent and the bills are in no envelope: ready to assign pays them.
                need = self.unbudgeted(w, [(r["cat"], -cents)])
                while self.ready < need:
                    self.emit_income(ds, d, wallet="Checking", big=True)
                    self.extra += 1
                self.ready -= need
                self.env_book(r["cat"], w, -cents, d)
            else:
                self.ready += cents
            self.bal[w] += cents
            self.check_floor(w)
            extra = ("    " + self.next_id(d),) if w != "Visa" else ()
            self.ids_count(extra)
            return self.emit('%s %-24s %-10s %-22s %10s  rule %s' % (
                ds, '"%s"' % r["payee"], w, r["cat"], smoney(cents), r["name"]), extra)
        if kind == "skip":
            return self.emit("%s skip %s" % (ds, item[1]["name"]))
        if kind == "rate":
            # A gentle random walk between 0.80 and 1.25 EUR per USD.
            self.usd_rate = max(8000, min(12500, self.usd_rate + self.rng.randint(-250, 250)))
            return self.emit("%s rate USD %d.%04d EUR" % (ds, self.usd_rate // 10000, self.usd_rate % 10000))
        if kind == "fill":
            e = next(x for x in self.env if x["name"] == item[1])
            c = self.cell(e, d)
            cents = e["amount"]
            if cents > self.ready:
                self.stats["fills_short"] += 1
                cents = max(100, self.ready // 2 // 100 * 100)
            c["avail"] += cents
            self.ready -= cents
            return self.emit("%s fill %s %s" % (ds, e["name"], money(cents)))
        if kind == "rainy":
            self.stats["contributions"] += 1
            self.assign_goal(ds, d, 10000)
            return self.emit("%s goal Rainy-day 100.00" % ds)
        if kind == "laptop":
            self.stats["contributions"] += 1
            self.assign_goal(ds, d, 25000)
            return self.emit("%s goal Laptop 250.00" % ds)
        if kind == "visa":
            owed = -self.bal["Visa"]
            src = max(("Checking", "Joint"), key=lambda w: self.bal[w])
            cents = min(owed, self.bal[src])
            if cents > 0:
                self.stats["payoff"] += 1
                return self.emit_transfer(ds, d, src, "Visa", cents, label="Visa statement")
            self.assign_goal(ds, d, 5000)
            return self.emit("%s goal Emergency 50.00" % ds)
        if kind == "close-amex":
            owed = -self.bal["'Old Amex'"]
            src = max(("Checking", "Joint"), key=lambda w: self.bal[w])
            if owed > 0 and self.bal[src] >= owed:
                return self.emit_transfer(ds, d, src, "'Old Amex'", owed, label="Final statement")
            self.assign_goal(ds, d, 10000)
            return self.emit("%s goal Emergency 100.00" % ds)
        raise AssertionError(kind)

    # ------------------------------------------------------------------ main loop
    def run(self, path):
        self.header()
        n_mand = sum(len(v) for v in self.mandatory.values())
        if n_mand > self.n:
            raise SystemExit("N=%d is too small: the schedule alone needs %d entries" % (self.n, n_mand))
        n_rand = self.n - n_mand
        done_rand = 0
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for day in range(self.span):
                d = START + dt.timedelta(days=day)
                ds = d.isoformat()
                done_rand += self.plan_periods(d)
                for item in self.mandatory.get(day, ()):
                    self.mandatory_entry(item, ds, d)
                done_rand += self.extra
                self.extra = 0
                target = n_rand * (day + 1) // self.span
                while done_rand < target:
                    self.random_entry(ds, d)
                    done_rand += 1
                if len(self.out) > 20000:
                    f.write("\n".join(self.out))
                    f.write("\n")
                    self.out.clear()
            f.write("\n".join(self.out))
            if self.out:
                f.write("\n")
            self.out.clear()
        assert self.count == self.n, (self.count, self.n)
        low = {w: b for w, b in self.bal.items() if b < self.floor(w)}
        print("generate.py: %d entries over %d days (%.1f a day) -> %s" % (
            self.count, self.span, self.density, path), file=sys.stderr)
        print("  " + ", ".join("%s=%d" % kv for kv in self.stats.items()), file=sys.stderr)
        if low:
            print("  WARNING: wallets below their floor at the end: %s" % low, file=sys.stderr)


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    seed = SEED
    for a in argv[1:]:
        if a.startswith("--seed="):
            seed = int(a.split("=", 1)[1])
    if len(args) != 2 or not args[0].isdigit():
        print("usage: python3 Benchmarks/generate.py N OUT.tally [--seed=S]", file=sys.stderr)
        return 2
    Generator(int(args[0]), seed).run(args[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
