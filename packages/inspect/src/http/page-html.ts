/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const TABS = [
  ['tools', 'Tools'],
  ['search', 'Search'],
  ['convert', 'Conversion'],
  ['policy', 'Policies'],
  ['call', 'Try a call'],
] as const;

/**
 * The page shell, rendered on the server: landmarks, tabs and every form with its labels, so the page is
 * usable and readable before the client module (`/assets/main.js`) fills in the data.
 */
export function renderPage(title: string): string {
  const t = escapeHtml(title);
  const tabs = TABS.map(
    ([id, label], i) =>
      `<button type="button" role="tab" id="tab-${id}" aria-controls="view-${id}" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}">${label}</button>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/styles.css">
<script type="module" src="/assets/main.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><h1>${t}</h1><p id="summary" role="status" aria-live="polite">Loading…</p></header>
<nav aria-label="Views"><div role="tablist" aria-label="Views">${tabs}</div></nav>
<main id="main" tabindex="-1">
<section id="view-tools" role="tabpanel" aria-labelledby="tab-tools">
  <h2>Tools</h2>
  <form id="tools-filters" class="filters" role="search" aria-label="Filter tools">
    <label>Text <input name="q" type="search" autocomplete="off"></label>
    <label>Source <select name="source"><option value="">any</option></select></label>
    <label>Namespace <select name="namespace"><option value="">any</option></select></label>
    <label>Tag <select name="tag"><option value="">any</option></select></label>
    <label>Annotation <select name="annotation"><option value="">any</option><option value="readOnlyHint">read-only</option><option value="destructiveHint">destructive</option><option value="idempotentHint">idempotent</option><option value="openWorldHint">open world</option></select></label>
    <label>Health <select name="health"><option value="">any</option><option>healthy</option><option>degraded</option><option>unhealthy</option></select></label>
  </form>
  <div id="tools-results" aria-live="polite"></div>
  <div id="tool-detail"></div>
</section>
<section id="view-search" role="tabpanel" aria-labelledby="tab-search" hidden>
  <h2>Search playground</h2>
  <form id="search-form" class="stack">
    <label>Query <textarea name="query" rows="2" required></textarea></label>
    <details><summary>Context</summary>
      <label>Recent messages (one per line) <textarea name="recentMessages" rows="3"></textarea></label>
      <label>Used tools (ids or names, comma-separated) <input name="usedTools" autocomplete="off"></label>
      <label>Failed tools (ids or names, comma-separated) <input name="failedTools" autocomplete="off"></label>
    </details>
    <div class="row">
      <label>Mode <select name="mode"><option value="">default</option><option>lexical</option><option>semantic</option><option>hybrid</option></select></label>
      <label>Diversity <input name="diversity" type="number" min="0" max="1" step="0.1" value="0"></label>
      <label>Hits <input name="limit" type="number" min="1" max="50" value="10"></label>
      <button type="submit">Search</button>
    </div>
  </form>
  <div id="search-results" aria-live="polite"></div>
</section>
<section id="view-convert" role="tabpanel" aria-labelledby="tab-convert" hidden>
  <h2>Conversion</h2>
  <form id="convert-form" class="row">
    <label>Tool <input name="id" list="tool-ids" required autocomplete="off" size="40"></label>
    <label>Dialect <select name="dialect"></select></label>
    <label class="check"><input name="strict" type="checkbox"> strict</label>
    <button type="submit">Convert</button>
  </form>
  <div id="convert-results" aria-live="polite"></div>
</section>
<section id="view-policy" role="tabpanel" aria-labelledby="tab-policy" hidden>
  <h2>Policies</h2>
  <form id="policy-form" class="stack">
    <div class="row">
      <label>Subject <select name="preset"><option value="">custom</option></select></label>
      <label data-views hidden>Seen through <select name="view"></select></label>
      <label>Tenant <input name="tenant" autocomplete="off"></label>
      <label>Roles (comma-separated) <input name="roles" autocomplete="off"></label>
      <label>Scopes (comma-separated) <input name="scopes" autocomplete="off"></label>
      <label>Exposure level <select name="exposure"><option value="">default</option></select></label>
    </div>
    <div class="row">
      <label>Show <select name="show"><option value="all">all tools</option><option value="visible">visible</option><option value="hidden">hidden</option><option value="callable">callable</option><option value="denied">denied</option></select></label>
      <button type="submit">Apply</button>
    </div>
  </form>
  <div id="policy-results" aria-live="polite"></div>
</section>
<section id="view-call" role="tabpanel" aria-labelledby="tab-call" hidden>
  <h2>Try a call</h2>
  <form id="call-pick" class="row">
    <label>Tool <input name="id" list="tool-ids" required autocomplete="off" size="40"></label>
    <label class="check"><input name="asSubject" type="checkbox"> call as the policy subject</label>
    <button type="submit">Load form</button>
  </form>
  <form id="call-form" class="stack" novalidate></form>
  <div id="call-results" aria-live="polite"></div>
</section>
</main>
<datalist id="tool-ids"></datalist>
</body>
</html>
`;
}
