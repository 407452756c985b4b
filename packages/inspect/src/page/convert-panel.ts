import { getJson } from './api.js';
import { byId, errorBox, field, h, show } from './dom.js';
import { jsonView } from './json-view.js';
import type { App } from './main.js';
import type { ConversionView } from './types.js';

export function initConvert(app: App): { open(id: string): void } {
  const form = byId<HTMLFormElement>('convert-form');
  const out = byId('convert-results');
  const dialect = field<HTMLSelectElement>(form, 'dialect');
  for (const d of app.summary.dialects) dialect.append(h('option', { value: d }, d));
  if (app.summary.dialects.includes('gemini')) dialect.value = 'gemini';

  const run = async (): Promise<void> => {
    const id = field(form, 'id').value.trim();
    if (!id) {
      show(out, errorBox(new Error('Pick a tool first.')));
      return;
    }
    try {
      const view = await getJson<ConversionView>('/api/convert', {
        id,
        dialect: dialect.value,
        strict: field(form, 'strict').checked,
      });
      const copy = h('button', { type: 'button' }, 'Copy lowered definition');
      const copied = h('span', { role: 'status', class: 'muted' });
      copy.addEventListener('click', () => {
        const text = JSON.stringify(view.lowered, null, 2);
        navigator.clipboard?.writeText(text).then(
          () => show(copied, ' copied'),
          () => show(copied, ' copy failed (clipboard not available)'),
        );
      });
      show(
        out,
        h(
          'p',
          { 'data-testid': 'verdict' },
          h(
            'span',
            { class: `badge ${view.verdict === 'accepted' ? 'ok' : 'bad'}` },
            view.verdict === 'accepted' ? 'check: accepted' : 'check: rejected',
          ),
          ` ${view.dialect}${view.strict ? ' (strict)' : ''} · target name `,
          h('code', {}, view.targetName),
          ` · ${view.losses.length} loss${view.losses.length === 1 ? '' : 'es'} `,
          copy,
          copied,
        ),
        view.violations.length
          ? h(
              'ul',
              { class: 'bad', 'aria-label': 'Violations' },
              ...view.violations.map((v) =>
                h('li', {}, h('code', {}, v.pointer || '/'), ` ${v.message} (${v.rule})`),
              ),
            )
          : null,
        view.losses.length
          ? h(
              'table',
              { 'aria-label': 'Losses' },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ...['pointer', 'keyword', 'action', 'detail'].map((t) => h('th', { scope: 'col' }, t)),
                ),
              ),
              h(
                'tbody',
                {},
                ...view.losses.map((l) =>
                  h(
                    'tr',
                    { class: 'loss-row' },
                    h('td', { class: 'mono' }, l.pointer),
                    h('td', {}, l.keyword),
                    h('td', {}, l.action),
                    h('td', {}, l.detail),
                  ),
                ),
              ),
            )
          : h('p', { class: 'ok' }, 'Lossless: the dialect receives everything.'),
        h(
          'div',
          { class: 'split' },
          h(
            'div',
            {},
            h('h3', {}, 'Canonical'),
            jsonView(
              view.canonical,
              'Canonical schema',
              view.losses.map((l) => ({ pointer: l.pointer, note: `${l.keyword} ${l.action}: ${l.detail}` })),
            ),
          ),
          h(
            'div',
            {},
            h('h3', {}, `Lowered for ${view.dialect}`),
            jsonView(view.lowered, `Lowered for ${view.dialect}`),
          ),
        ),
      );
    } catch (error) {
      show(out, errorBox(error));
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
  return {
    open(id: string) {
      field(form, 'id').value = id;
      void run();
    },
  };
}
