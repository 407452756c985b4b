import { getJson } from './api.js';
import { byId, errorBox, field, h, pager, show } from './dom.js';
import { jsonView } from './json-view.js';
import type { App } from './main.js';
import type { ToolDetail, ToolPage, ToolRow } from './types.js';

const PAGE = 50;
const HINTS: Array<[string, string]> = [
  ['readOnlyHint', 'read-only'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'open world'],
];

function badges(row: ToolRow): HTMLElement {
  return h(
    'span',
    {},
    ...HINTS.filter(([k]) => row.annotations[k] === true).map(([k, label]) =>
      h('span', { class: `badge${k === 'destructiveHint' ? ' bad' : ''}` }, label),
    ),
    row.deprecated ? h('span', { class: 'badge warn' }, 'deprecated') : null,
  );
}

function lintCell(row: ToolRow): HTMLElement {
  const { errors, warnings, infos } = row.lint;
  if (errors + warnings + infos === 0) return h('span', { class: 'ok' }, 'clean');
  return h(
    'span',
    {},
    errors ? h('span', { class: 'badge bad' }, `${errors} error${errors > 1 ? 's' : ''}`) : null,
    warnings ? h('span', { class: 'badge warn' }, `${warnings} warning${warnings > 1 ? 's' : ''}`) : null,
    infos ? h('span', { class: 'badge' }, `${infos} info`) : null,
  );
}

export function initTools(app: App): { reload(): void } {
  const form = byId<HTMLFormElement>('tools-filters');
  const results = byId('tools-results');
  const detail = byId('tool-detail');
  let offset = 0;
  let facetsFilled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  const fillFacets = (page: ToolPage): void => {
    if (facetsFilled) return;
    facetsFilled = true;
    const fill = (name: string, values: string[]) => {
      const select = field<HTMLSelectElement>(form, name);
      for (const v of values) if (v !== '') select.append(h('option', { value: v }, v));
    };
    fill('source', page.facets.sources);
    fill('namespace', page.facets.namespaces);
    fill('tag', page.facets.tags);
  };

  const openDetail = async (id: string): Promise<void> => {
    try {
      const d = await getJson<ToolDetail>('/api/tool', { id });
      show(
        detail,
        h(
          'div',
          { class: 'panel', role: 'region', 'aria-label': `Details of ${d.tool.id}` },
          h('h3', {}, d.tool.id),
          h(
            'p',
            {},
            h('strong', {}, 'Source: '),
            d.origin.name ? `${d.origin.name} (${d.origin.kind})` : d.origin.kind,
            d.origin.location ? ` · ${d.origin.location}` : '',
            d.origin.status ? ` · source ${d.origin.status}` : '',
            d.origin.error ? ` (${d.origin.error})` : '',
          ),
          d.health
            ? h('p', { class: 'muted' }, `health: ${d.health.status} · ${d.health.calls} calls`)
            : null,
          h('h3', {}, `Lint (${d.lint.length})`),
          d.lint.length === 0
            ? h('p', { class: 'ok' }, 'no findings')
            : h(
                'ul',
                {},
                ...d.lint.map((f) =>
                  h(
                    'li',
                    {},
                    h(
                      'span',
                      {
                        class: `badge ${f.severity === 'error' ? 'bad' : f.severity === 'warning' ? 'warn' : ''}`,
                      },
                      f.severity,
                    ),
                    h('code', {}, f.pointer),
                    ` ${f.message} `,
                    h('span', { class: 'muted' }, `(${f.rule})`),
                  ),
                ),
              ),
          h('h3', {}, 'Canonical definition'),
          jsonView(
            d.tool,
            `Canonical definition of ${d.tool.id}`,
            d.lint.map((f) => ({ pointer: f.pointer, note: `${f.rule}: ${f.message}` })),
          ),
        ),
      );
      detail.querySelector('h3')?.setAttribute('tabindex', '-1');
      (detail.querySelector('h3') as HTMLElement | null)?.focus();
    } catch (error) {
      show(detail, errorBox(error));
    }
  };

  const load = async (): Promise<void> => {
    const mine = ++generation;
    const data = new FormData(form);
    const params: Record<string, string | number> = { offset, limit: PAGE };
    for (const [k, v] of data) if (typeof v === 'string' && v !== '') params[k] = v;
    try {
      const page = await getJson<ToolPage>('/api/tools', params);
      if (mine !== generation) return;
      fillFacets(page);
      const rows = page.tools.map((row) =>
        h(
          'tr',
          { 'data-tool': row.id },
          h(
            'td',
            {},
            h('strong', {}, row.name),
            h('div', { class: 'muted mono' }, row.id),
            h('div', {}, row.description),
          ),
          h('td', {}, row.origin.name ?? row.source),
          h('td', {}, row.tags.join(', ')),
          h('td', {}, badges(row)),
          h('td', {}, lintCell(row)),
          h('td', {}, row.health),
          h(
            'td',
            {},
            h(
              'button',
              {
                type: 'button',
                onclick: () => void openDetail(row.id),
                'aria-label': `Details of ${row.name}`,
              },
              'Details',
            ),
            ' ',
            h(
              'button',
              { type: 'button', onclick: () => app.openConvert(row.id), 'aria-label': `Convert ${row.name}` },
              'Convert',
            ),
            ' ',
            h(
              'button',
              { type: 'button', onclick: () => app.openCall(row.id), 'aria-label': `Call ${row.name}` },
              'Call',
            ),
          ),
        ),
      );
      show(
        results,
        h('p', { class: 'muted' }, `${page.matched} of ${page.total} tools`),
        h(
          'table',
          {},
          h('caption', { class: 'sr-only' }, 'Tools'),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ...['Tool', 'Source', 'Tags', 'Hints', 'Lint', 'Health', 'Actions'].map((t) =>
                h('th', { scope: 'col' }, t),
              ),
            ),
          ),
          h('tbody', {}, ...rows),
        ),
        pager(
          page.offset,
          page.limit,
          page.matched,
          (o) => {
            offset = o;
            void load();
          },
          'Tools',
        ),
      );
    } catch (error) {
      show(results, errorBox(error));
    }
  };

  form.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      offset = 0;
      void load();
    }, 150);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    offset = 0;
    void load();
  });
  void load();
  return { reload: () => void load() };
}
