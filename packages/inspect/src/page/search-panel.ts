import { postJson } from './api.js';
import { byId, errorBox, field, fixed, h, list, show } from './dom.js';
import type { App } from './main.js';
import type { Contribution, SearchHit, SearchView } from './types.js';

const LABELS: Record<string, string> = {
  lexical: 'lexical (BM25)',
  vector: 'vector',
  relevance: 'relevance (fused)',
  arguments: 'arguments',
  fuzzy: 'fuzzy',
  slots: 'slots',
  clauses: 'clauses',
  name: 'name',
  intent: 'intent',
  conversation: 'conversation',
  health: 'health',
  cost: 'cost',
};

function label(key: string): string {
  return key.startsWith('penalty:') ? `penalty: ${key.slice(8)}` : (LABELS[key] ?? key);
}

function segClass(key: string): string {
  return key.startsWith('penalty:') ? 'seg-penalty' : `seg-${key}`;
}

/** One hit's final score as a stacked bar: positive parts left to right, penalties after them, hatched. */
function stackedBar(hit: SearchHit): HTMLElement {
  const parts = hit.contributions ?? [];
  const positive = parts.filter((p) => p.value > 0);
  const negative = parts.filter((p) => p.value < 0);
  const width = Math.max(
    1,
    positive.reduce((s, p) => s + p.value, 0),
  );
  const seg = (p: Contribution) =>
    h('span', {
      class: segClass(p.key),
      title: `${label(p.key)}: ${p.value > 0 ? '+' : ''}${fixed(p.value)}`,
      'data-part': p.key,
      'data-width': fixed((Math.abs(p.value) / width) * 100, 2),
    });
  const bar = h(
    'div',
    {
      class: 'bar',
      role: 'img',
      'aria-label': `score ${fixed(hit.score)}: ${parts.map((p) => `${label(p.key)} ${fixed(p.value)}`).join(', ')}`,
    },
    ...positive.map(seg),
    ...negative.map(seg),
  );
  // Widths go through the CSSOM (the CSP allows no inline style attributes).
  for (const span of bar.querySelectorAll<HTMLElement>('span'))
    span.style.width = `${span.dataset.width ?? 0}%`;
  return bar;
}

function breakdownTable(hit: SearchHit): HTMLElement {
  const parts = hit.contributions ?? [];
  return h(
    'table',
    { class: 'breakdown' },
    h('caption', { class: 'sr-only' }, `Score breakdown of ${hit.name}`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'part'), h('th', { scope: 'col' }, 'points'))),
    h(
      'tbody',
      {},
      ...parts.map((p) =>
        h(
          'tr',
          {},
          h('td', {}, h('i', { class: segClass(p.key) }), label(p.key)),
          h('td', { class: 'mono' }, `${p.value > 0 ? '+' : ''}${fixed(p.value)}`),
        ),
      ),
      h('tr', {}, h('td', {}, h('strong', {}, 'final')), h('td', { class: 'mono' }, fixed(hit.score))),
    ),
  );
}

function legend(hits: SearchHit[]): HTMLElement {
  const keys = [...new Set(hits.flatMap((hit) => (hit.contributions ?? []).map((p) => p.key)))];
  return h(
    'ul',
    { class: 'legend', 'aria-label': 'Legend' },
    ...keys.map((k) => h('li', {}, h('i', { class: segClass(k) }), label(k))),
  );
}

export function initSearch(_app: App): void {
  const form = byId<HTMLFormElement>('search-form');
  const out = byId('search-results');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });

  const run = async (): Promise<void> => {
    const value = (name: string) => field(form, name).value;
    const body = {
      query: value('query'),
      ...(value('mode') ? { mode: value('mode') } : {}),
      diversity: Number(value('diversity') || 0),
      limit: Number(value('limit') || 10),
      context: {
        recentMessages: value('recentMessages')
          .split('\n')
          .filter((l) => l.trim() !== ''),
        usedTools: list(value('usedTools')),
        failedTools: list(value('failedTools')),
      },
    };
    try {
      const result = await postJson<SearchView>('/api/search', body);
      const header = h(
        'p',
        { class: result.noRelevantTools ? 'warn' : 'muted', 'data-testid': 'search-summary' },
        result.noRelevantTools
          ? `Nothing relevant: no tool reached the relevance threshold (best relevance ${fixed(result.confidence, 2)}).`
          : `${result.hits.length} hit${result.hits.length === 1 ? '' : 's'} of ${result.candidates} candidates · ${result.mode} · confidence ${fixed(result.confidence, 2)}`,
        result.intent ? ` · intent ${result.intent}` : '',
      );
      show(
        out,
        header,
        result.reducedQuery
          ? h('p', { class: 'muted' }, `Ranked text (long request reduced): ${result.reducedQuery}`)
          : null,
        result.hits.length ? legend(result.hits) : null,
        h(
          'ol',
          { class: 'hits' },
          ...result.hits.map((hit) =>
            h(
              'li',
              { 'data-tool': hit.id },
              h('strong', {}, hit.name),
              ' ',
              h('span', { class: 'muted mono' }, hit.id),
              h('div', {}, `score ${fixed(hit.score)} · relevance ${fixed(hit.relevance, 2)}`),
              stackedBar(hit),
              h(
                'details',
                {},
                h('summary', {}, 'Breakdown'),
                breakdownTable(hit),
                h('pre', { class: 'mono' }, JSON.stringify(hit.breakdown, null, 2)),
              ),
              h('div', { class: 'muted' }, hit.description),
            ),
          ),
        ),
      );
    } catch (error) {
      show(out, errorBox(error));
    }
  };
}
