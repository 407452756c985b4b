import { getJson } from './api.js';
import { byId, errorBox, h, show } from './dom.js';
import { initCall } from './call-panel.js';
import { initConvert } from './convert-panel.js';
import { initPolicy } from './policy-panel.js';
import { initSearch } from './search-panel.js';
import { initTools } from './tools-panel.js';
import type { Principal, Summary, ToolPage } from './types.js';

/** What the panels share: switching tabs, opening a tool in another view, the policy view's subject. */
export interface App {
  summary: Summary;
  select(tab: TabId): void;
  openConvert(toolId: string): void;
  openCall(toolId: string): void;
  subject(): Principal;
}

export type TabId = 'tools' | 'search' | 'convert' | 'policy' | 'call';
const TABS: TabId[] = ['tools', 'search', 'convert', 'policy', 'call'];

function setupTabs(onSelect: (tab: TabId) => void): (tab: TabId) => void {
  const buttons = TABS.map((id) => byId<HTMLButtonElement>(`tab-${id}`));
  const select = (tab: TabId, focus = false): void => {
    TABS.forEach((id, i) => {
      const on = id === tab;
      buttons[i]!.setAttribute('aria-selected', String(on));
      buttons[i]!.tabIndex = on ? 0 : -1;
      byId(`view-${id}`).hidden = !on;
      if (on && focus) buttons[i]!.focus();
    });
    if (location.hash !== `#${tab}`) history.replaceState(null, '', `#${tab}`);
    onSelect(tab);
  };
  buttons.forEach((button, i) => {
    button.addEventListener('click', () => select(TABS[i]!));
    // Arrow keys move between tabs (WAI-ARIA tabs pattern); Home/End jump to the ends.
    button.addEventListener('keydown', (event) => {
      const key = event.key;
      const next =
        key === 'ArrowRight'
          ? (i + 1) % TABS.length
          : key === 'ArrowLeft'
            ? (i - 1 + TABS.length) % TABS.length
            : key === 'Home'
              ? 0
              : key === 'End'
                ? TABS.length - 1
                : -1;
      if (next >= 0) {
        event.preventDefault();
        select(TABS[next]!, true);
      }
    });
  });
  return select;
}

async function fillToolIds(): Promise<void> {
  const list = byId('tool-ids');
  const options: HTMLOptionElement[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await getJson<ToolPage>('/api/tools', { offset, limit: 200 });
    for (const tool of page.tools) options.push(h('option', { value: tool.id }));
    if (offset + 200 >= page.matched) break;
  }
  list.replaceChildren(...options);
}

async function start(): Promise<void> {
  const status = byId('summary');
  let summary: Summary;
  try {
    summary = await getJson<Summary>('/api/summary');
  } catch (error) {
    show(status, errorBox(error));
    return;
  }
  const showSummary = (s: Summary, note = ''): void =>
    show(
      status,
      `${s.tools} tools · ${s.dialects.length} dialects · `,
      s.access ? `${s.access.subjects.length} subjects` : 'no access policy',
      s.calls ? ' · calls enabled' : '',
      note,
    );
  showSummary(summary);
  const selectors: Partial<Record<TabId, () => void>> = {};
  const select = setupTabs((tab) => selectors[tab]?.());
  let subject: () => Principal = () => ({});
  const app: App = {
    summary,
    select,
    openConvert: (id) => {
      select('convert');
      convert.open(id);
    },
    openCall: (id) => {
      select('call');
      call.open(id);
    },
    subject: () => subject(),
  };
  const tools = initTools(app);
  initSearch(app);
  const convert = initConvert(app);
  const policy = initPolicy(app);
  subject = policy.subject;
  const call = initCall(app);
  const initial = location.hash.slice(1) as TabId;
  if (TABS.includes(initial)) select(initial);
  await fillToolIds();
  follow(async () => {
    // A source listed new tools or changed health: reload the counts, the tool list, the policy table.
    const next = await getJson<Summary>('/api/summary');
    showSummary(next, ` · updated ${new Date().toLocaleTimeString()}`);
    document.body.dataset.version = String(next.version);
    tools.reload();
    policy.reload();
    await fillToolIds();
  });
  document.body.dataset.ready = 'true';
}

/** Listens to the server's change stream (`/api/events`); the browser reconnects by itself. */
function follow(onChange: () => Promise<void>): void {
  const events = new EventSource('/api/events');
  let busy = Promise.resolve();
  events.addEventListener('change', () => {
    busy = busy.then(onChange).catch(() => undefined);
  });
}

void start();
