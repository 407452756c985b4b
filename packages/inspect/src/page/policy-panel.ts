import { postJson } from './api.js';
import { byId, errorBox, field, h, list, pager, show } from './dom.js';
import type { App } from './main.js';
import type { PolicyRow, PolicyView, Principal } from './types.js';

function obligations(row: PolicyRow): string {
  const o = row.obligations;
  const out: string[] = [];
  if (o.confirmation) out.push(`confirm (${o.confirmation.reason})`);
  if (o.audit) out.push(`audit ${o.audit}`);
  if (o.rateLimit) out.push(`${o.rateLimit.requests}/${o.rateLimit.intervalMs} ms`);
  return out.join(' · ');
}

export function initPolicy(app: App): { subject(): Principal; reload(): void } {
  const form = byId<HTMLFormElement>('policy-form');
  const out = byId('policy-results');
  const access = app.summary.access;
  const preset = field<HTMLSelectElement>(form, 'preset');
  const exposure = field<HTMLSelectElement>(form, 'exposure');
  let offset = 0;

  if (!access) {
    show(
      out,
      h('p', { class: 'muted' }, 'No access policy is configured: every tool is visible and callable.'),
    );
    form.hidden = true;
    return { subject: () => ({}), reload: () => undefined };
  }
  access.subjects.forEach((s, i) => preset.append(h('option', { value: String(i) }, s.name)));
  const viewPick = field<HTMLSelectElement>(form, 'view');
  for (const v of access.views)
    viewPick.append(
      h('option', { value: v.id, ...(v.description ? { title: v.description } : {}) }, v.label),
    );
  (form.querySelector('[data-views]') as HTMLElement).hidden = access.views.length === 0;
  for (const level of access.levels) exposure.append(h('option', { value: level }, level));

  const subject = (): Principal => {
    const value = (name: string) => field(form, name).value.trim();
    const roles = list(value('roles'));
    const scopes = list(value('scopes'));
    const chosen = preset.value === '' ? undefined : access.subjects[Number(preset.value)]?.principal;
    return {
      ...(chosen?.id ? { id: chosen.id } : {}),
      ...(chosen?.capabilities ? { capabilities: chosen.capabilities } : {}),
      ...(value('tenant') ? { tenant: value('tenant') } : {}),
      ...(roles.length ? { roles } : {}),
      ...(scopes.length ? { scopes } : {}),
      ...(exposure.value ? { exposure: exposure.value } : {}),
    };
  };

  preset.addEventListener('change', () => {
    const chosen = preset.value === '' ? undefined : access.subjects[Number(preset.value)]?.principal;
    field(form, 'tenant').value = chosen?.tenant ?? '';
    field(form, 'roles').value = (chosen?.roles ?? []).join(', ');
    field(form, 'scopes').value = (chosen?.scopes ?? []).join(', ');
    exposure.value = chosen?.exposure ?? '';
    const chosenView = preset.value === '' ? undefined : access.subjects[Number(preset.value)]?.view;
    if (access.views.length > 0) viewPick.value = chosenView ?? access.views[0]!.id;
    offset = 0;
    void load();
  });
  field(form, 'show').addEventListener('change', () => {
    offset = 0;
    void load();
  });
  viewPick.addEventListener('change', () => {
    offset = 0;
    void load();
  });
  exposure.addEventListener('change', () => {
    offset = 0;
    void load();
  });

  let generation = 0;
  const load = async (): Promise<void> => {
    const mine = ++generation;
    try {
      const answer = postJson<PolicyView>('/api/policy', {
        subject: subject(),
        ...(access.views.length > 0 ? { view: viewPick.value } : {}),
        show: field(form, 'show').value,
        offset,
        limit: 50,
      });
      const view = await answer;
      // A slower answer to an earlier choice must not replace the current one.
      if (mine !== generation) return;
      show(
        out,
        h(
          'p',
          { 'data-testid': 'policy-counts' },
          `${view.counts.visible} of ${view.counts.total} visible · ${view.counts.callable} callable`,
          view.level ? ` · level ${view.level}` : '',
        ),
        h(
          'table',
          {},
          h('caption', { class: 'sr-only' }, 'Access per tool'),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ...['Tool', 'Visible', 'Callable', 'Deciding rule', 'Obligations'].map((t) =>
                h('th', { scope: 'col' }, t),
              ),
            ),
          ),
          h(
            'tbody',
            {},
            ...view.rows.map((row) =>
              h(
                'tr',
                { 'data-tool': row.id, 'data-visible': String(row.visible) },
                h('td', {}, h('strong', {}, row.name), h('div', { class: 'muted mono' }, row.id)),
                h(
                  'td',
                  {},
                  h(
                    'span',
                    { class: `badge ${row.visible ? 'ok' : 'bad'}` },
                    row.visible ? 'visible' : 'hidden',
                  ),
                  h('div', { class: 'muted' }, row.visibleReason),
                ),
                h(
                  'td',
                  {},
                  h(
                    'span',
                    { class: `badge ${row.callable ? 'ok' : 'bad'}` },
                    row.callable ? 'allow' : 'deny',
                  ),
                ),
                h(
                  'td',
                  {},
                  row.rule ? h('code', {}, row.rule) : h('span', { class: 'muted' }, 'default'),
                  h('div', {}, row.reason),
                ),
                h('td', {}, obligations(row)),
              ),
            ),
          ),
        ),
        pager(
          view.offset,
          view.limit,
          view.matched,
          (o) => {
            offset = o;
            void load();
          },
          'Policy',
        ),
      );
    } catch (error) {
      if (mine === generation) show(out, errorBox(error));
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    offset = 0;
    void load();
  });
  // The first subject is preselected, so the page opens on a real view rather than a blank custom subject.
  if (access.subjects.length > 0) {
    preset.value = '0';
    preset.dispatchEvent(new Event('change'));
  } else void load();
  return { subject, reload: () => void load() };
}
