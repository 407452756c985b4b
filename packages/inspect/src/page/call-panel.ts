import { getJson, postJson } from './api.js';
import { byId, errorBox, field, fixed, h, show } from './dom.js';
import { jsonView } from './json-view.js';
import type { App } from './main.js';
import { type SchemaForm, schemaForm } from './schema-form.js';
import type { CallView, ToolDetail, ValidationView } from './types.js';

export function initCall(app: App): { open(id: string): void } {
  const pick = byId<HTMLFormElement>('call-pick');
  const form = byId<HTMLFormElement>('call-form');
  const out = byId('call-results');
  let current: { id: string; form: SchemaForm } | undefined;
  if (!app.summary.calls) field(pick, 'asSubject').disabled = true;

  const subject = () => (field(pick, 'asSubject').checked ? { subject: app.subject() } : {});

  const render = (view: CallView): void => {
    const status = h(
      'p',
      { 'data-testid': 'call-status' },
      h(
        'span',
        { class: `badge ${view.ok ? 'ok' : view.status === 'pending_confirmation' ? 'warn' : 'bad'}` },
        view.status,
      ),
      ` ${view.toolId} · attempt ${view.attempt} · wait ${fixed(view.timings.waitMs, 1)} ms · run ${fixed(view.timings.latencyMs, 1)} ms · total ${fixed(view.timings.totalMs, 1)} ms`,
    );
    const confirmation = view.confirmation;
    let confirmBox: HTMLElement | null = null;
    if (confirmation) {
      const yes = h('button', { type: 'button', class: 'primary' }, 'Confirm and run');
      const no = h('button', { type: 'button' }, 'Reject');
      yes.addEventListener(
        'click',
        () =>
          void decide('/api/confirm', {
            token: confirmation.token,
            argumentsHash: confirmation.argumentsHash,
          }),
      );
      no.addEventListener('click', () => void decide('/api/reject', { token: confirmation.token }));
      confirmBox = h(
        'div',
        { class: 'panel', role: 'alertdialog', 'aria-label': 'Confirmation needed' },
        h('h3', {}, 'Confirmation needed'),
        h('p', {}, confirmation.reason),
        h('p', { class: 'muted' }, 'These exact arguments will run:'),
        jsonView(confirmation.arguments, 'Arguments to confirm'),
        h('div', { class: 'row' }, yes, no),
      );
    }
    show(
      out,
      status,
      view.error
        ? h('p', { class: 'error', role: 'alert' }, `${view.error.code}: ${view.error.message}`)
        : null,
      confirmBox,
      view.ok ? h('div', {}, h('h3', {}, 'Result'), jsonView(view.result ?? null, 'Call result')) : null,
      h('h3', {}, 'Runner events'),
      h(
        'table',
        {},
        h(
          'thead',
          {},
          h('tr', {}, ...['at (ms)', 'event', 'detail'].map((t) => h('th', { scope: 'col' }, t))),
        ),
        h(
          'tbody',
          {},
          ...view.events.map((e) =>
            h(
              'tr',
              {},
              h('td', { class: 'mono' }, fixed(e.atMs, 1)),
              h('td', {}, e.name),
              h('td', { class: 'mono' }, JSON.stringify(e.detail)),
            ),
          ),
        ),
      ),
    );
    if (confirmBox) (confirmBox.querySelector('button') as HTMLButtonElement).focus();
  };

  const decide = async (path: string, body: unknown): Promise<void> => {
    try {
      render(await postJson<CallView>(path, body));
    } catch (error) {
      show(out, errorBox(error));
    }
  };

  const submit = async (): Promise<void> => {
    if (!current) return;
    const args = current.form.read();
    try {
      const check = await postJson<ValidationView>('/api/validate', { id: current.id, arguments: args });
      if (!check.valid) {
        current.form.showErrors(check.errors);
        show(
          out,
          h(
            'p',
            { class: 'error', role: 'alert' },
            `Invalid arguments: ${check.errors.length} problem${check.errors.length > 1 ? 's' : ''}. Nothing was run.`,
          ),
        );
        return;
      }
      current.form.clearErrors();
      render(await postJson<CallView>('/api/call', { id: current.id, arguments: args, ...subject() }));
    } catch (error) {
      show(out, errorBox(error));
    }
  };

  const open = async (id: string): Promise<void> => {
    field(pick, 'id').value = id;
    try {
      const detail = await getJson<ToolDetail>('/api/tool', { id });
      const generated = schemaForm(detail.tool.inputSchema);
      current = { id, form: generated };
      const run = h('button', { type: 'submit', disabled: !app.summary.calls }, 'Validate and call');
      show(
        form,
        h('h3', {}, `Arguments for ${detail.tool.name}`),
        generated.el,
        h('div', { class: 'row' }, run),
      );
      show(out);
    } catch (error) {
      show(form);
      show(out, errorBox(error));
    }
  };

  pick.addEventListener('submit', (event) => {
    event.preventDefault();
    void open(field(pick, 'id').value.trim());
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
  return { open: (id) => void open(id) };
}
