/// The page's inline style sheet. Charts scale with their `viewBox`; panels put the chart
/// and its table side by side on wide screens and stack them on narrow ones.
enum PageStyle {
    static let css = """
        :root { color-scheme: light; --ink: #1f2328; --muted: #5f6670; --line: #e3e6ea; --card: #ffffff; --page: #f4f5f7;
          --income: \(ChartPalette.income); --expense: \(ChartPalette.expense); --over: \(ChartPalette.overspent); }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--page); color: var(--ink);
          font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        .page { max-width: 1180px; margin: 0 auto; padding: 24px 20px 40px; }
        h1 { font-size: 1.6rem; margin: 0 0 4px; }
        h2 { font-size: 1.1rem; margin: 0 0 12px; }
        .muted { color: var(--muted); }
        .summary { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; margin: 18px 0 22px; }
        .figure { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px 16px; }
        .figure .name { display: block; color: var(--muted); font-size: 0.85rem; text-transform: uppercase; letter-spacing: 0.04em; }
        .figure .value { display: block; font-size: 1.35rem; font-weight: 650; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
        .figure.income .value { color: var(--income); }
        .figure.expense .value { color: var(--expense); }
        .figure.net.negative .value { color: var(--over); }
        .panels { display: grid; grid-template-columns: minmax(0, 1fr); gap: 18px; }
        .panel { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 16px 18px; min-width: 0; }
        .panel.wide { grid-column: 1 / -1; }
        .panel-body { display: flex; flex-wrap: wrap; gap: 16px 24px; align-items: flex-start; }
        .chart-box { flex: 3 1 360px; min-width: 0; }
        .table-box { flex: 2 1 300px; min-width: 0; overflow-x: auto; }
        .chart { display: block; width: 100%; height: auto; }
        .donut { max-width: 380px; margin: 0 auto; }
        .chart text { fill: var(--ink); font-size: 13px; font-family: inherit; }
        .chart text.axis { fill: var(--muted); font-size: 12px; }
        .chart text.muted, .chart text.detail { fill: var(--muted); }
        .chart text.detail { font-size: 12.5px; }
        .chart text.label { font-weight: 600; }
        .chart text.num, .chart text.figure, .chart text.value { font-variant-numeric: tabular-nums; }
        .chart text.figure { font-weight: 600; }
        .chart text.figure.over { fill: var(--over); }
        .chart text.donut-total { font-size: 17px; font-weight: 700; }
        .chart text.value { font-weight: 600; }
        table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
        caption { text-align: left; color: var(--muted); font-size: 0.8rem; padding-bottom: 4px; }
        th, td { padding: 5px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
        th { font-weight: 600; color: var(--muted); font-size: 0.8rem; }
        tbody th { color: var(--ink); font-size: 0.9rem; }
        th, td { white-space: nowrap; }
        td.text { white-space: normal; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        tr.over td { color: var(--over); }
        .note { font-size: 0.85rem; color: var(--muted); margin: 8px 0 0; }
        footer { margin-top: 28px; font-size: 0.8rem; color: var(--muted); }
        @media (max-width: 640px) {
          .page { padding: 14px 10px 28px; }
          .summary { grid-template-columns: 1fr; gap: 8px; }
          .figure { display: flex; justify-content: space-between; align-items: baseline; gap: 10px; }
          .figure .value { font-size: 1.15rem; text-align: right; }
          .panel { padding: 12px; }
          .chart text { font-size: 15px; }
          .chart text.axis { font-size: 14px; }
          .chart text.detail { font-size: 14px; }
          table { font-size: 0.85rem; }
          th, td { padding: 4px 5px; }
        }
        @media print { body { background: #ffffff; } .panel, .figure { border-color: #cccccc; break-inside: avoid; } }
        """
}
