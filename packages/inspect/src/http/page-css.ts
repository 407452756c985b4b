/** The page's stylesheet, served as `/assets/styles.css` (no inline styles: the CSP allows none). */
export const PAGE_CSS = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fff; --muted: #57606a; --line: #d0d7de; --accent: #0969da;
  --bad: #cf222e; --ok: #1a7f37; --warn: #9a6700; --panel: #f6f8fa; font: 15px/1.45 system-ui, sans-serif; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #8d96a0; --line: #30363d;
  --accent: #4493f8; --bad: #f85149; --ok: #3fb950; --warn: #d29922; --panel: #161b22; } }
* { box-sizing: border-box; }
body { margin: 0; color: var(--fg); background: var(--bg); }
header, nav, main { padding: 0 1.25rem; }
h1 { font-size: 1.3rem; margin: .8rem 0 .2rem; } h2 { font-size: 1.1rem; } h3 { font-size: 1rem; margin: .6rem 0 .3rem; }
#summary { color: var(--muted); margin: 0 0 .5rem; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: .5rem; background: var(--bg); padding: .3rem; }
[role=tablist] { display: flex; gap: .25rem; border-bottom: 1px solid var(--line); }
[role=tab] { border: 1px solid transparent; border-bottom: none; background: none; color: var(--fg); padding: .45rem .9rem; cursor: pointer; font: inherit; }
[role=tab][aria-selected=true] { border-color: var(--line); background: var(--panel); font-weight: 600; }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
label { display: inline-flex; flex-direction: column; gap: .15rem; font-size: .85rem; color: var(--muted); }
label.check { flex-direction: row; align-items: center; gap: .35rem; }
input, select, textarea, button { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 4px; padding: .3rem .45rem; }
button { cursor: pointer; background: var(--panel); } button.primary, button[type=submit] { border-color: var(--accent); }
.filters, .row { display: flex; flex-wrap: wrap; gap: .6rem; align-items: flex-end; margin: .6rem 0; }
.stack { display: flex; flex-direction: column; gap: .5rem; margin: .6rem 0; max-width: 60rem; }
.stack textarea { width: 100%; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
table.breakdown { width: auto; min-width: 20rem; }
th, td { text-align: left; padding: .3rem .45rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--panel); position: sticky; top: 0; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .85rem; }
.muted { color: var(--muted); } .bad { color: var(--bad); } .ok { color: var(--ok); } .warn { color: var(--warn); }
.badge { display: inline-block; border: 1px solid var(--line); border-radius: 999px; padding: 0 .45rem; font-size: .78rem; margin-right: .2rem; }
.badge.bad { border-color: var(--bad); } .badge.ok { border-color: var(--ok); } .badge.warn { border-color: var(--warn); }
.pager { display: flex; gap: .5rem; align-items: center; margin: .5rem 0; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .6rem .8rem; margin: .6rem 0; }
.hits { list-style: none; padding: 0; } .hits li { border-bottom: 1px solid var(--line); padding: .5rem 0; }
.bar { display: flex; height: 1.1rem; width: 100%; max-width: 36rem; background: var(--panel); border: 1px solid var(--line); border-radius: 3px; overflow: hidden; }
.bar span { display: block; height: 100%; }
.seg-lexical { background: #2f81f7; } .seg-vector { background: #8957e5; } .seg-relevance { background: #1f6feb; }
.seg-arguments { background: #1a7f37; } .seg-fuzzy { background: #54aeff; } .seg-slots { background: #2da44e; }
.seg-clauses { background: #bf8700; } .seg-intent { background: #e16f24; } .seg-conversation { background: #c297ff; }
.seg-health { background: #4ac26b; } .seg-cost { background: #999; } .seg-name { background: #a371f7; }
.seg-penalty { background: repeating-linear-gradient(45deg, #cf222e, #cf222e 4px, #ff8182 4px, #ff8182 8px); }
.legend { display: flex; flex-wrap: wrap; gap: .6rem; font-size: .8rem; margin: .3rem 0; padding: 0; list-style: none; }
.legend i { display: inline-block; width: .8rem; height: .8rem; margin-right: .25rem; vertical-align: -1px; border-radius: 2px; }
.split { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: .8rem; }
@media (max-width: 900px) { .split { grid-template-columns: 1fr; } }
.json { margin: 0; padding: .4rem 0; background: var(--panel); border: 1px solid var(--line); border-radius: 4px; overflow: auto; max-height: 36rem; }
.json div { padding: 0 .6rem; white-space: pre; }
.json div.loss { background: color-mix(in srgb, var(--warn) 22%, transparent); border-left: 3px solid var(--warn); }
.json .note { color: var(--warn); font-style: italic; white-space: normal; display: block; padding-left: 2rem; }
fieldset { border: 1px solid var(--line); border-radius: 4px; padding: .4rem .7rem; margin: .2rem 0; }
legend { font-size: .85rem; color: var(--muted); }
.field-error { color: var(--bad); font-size: .82rem; }
[aria-invalid=true] { border-color: var(--bad); }
.error { color: var(--bad); border: 1px solid var(--bad); border-radius: 4px; padding: .4rem .6rem; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;
