type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

/**
 * Builds an element. Text goes in as text nodes, never as HTML: tool names, descriptions and results are
 * untrusted and must not become markup.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.replace(/^on/, ''), value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'string' || typeof child === 'number' ? String(child) : child);
  }
}

/** Replaces an element's content. */
export function show(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el as T;
}

export function field<
  T extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement = HTMLInputElement,
>(form: HTMLFormElement, name: string): T {
  const el = form.elements.namedItem(name);
  if (!el) throw new Error(`missing field ${name}`);
  return el as T;
}

export function list(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function fixed(n: number, digits = 3): string {
  return Number.isFinite(n) ? n.toFixed(digits) : String(n);
}

export function errorBox(error: unknown): HTMLElement {
  return h('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error));
}

/** Previous/next buttons for an offset/limit page. */
export function pager(
  offset: number,
  limit: number,
  matched: number,
  go: (offset: number) => void,
  label: string,
): HTMLElement {
  const last = Math.min(offset + limit, matched);
  return h(
    'div',
    { class: 'pager', role: 'navigation', 'aria-label': `${label} pages` },
    h(
      'button',
      { type: 'button', disabled: offset === 0, onclick: () => go(Math.max(0, offset - limit)) },
      'Previous',
    ),
    h('span', {}, matched === 0 ? 'none' : `${offset + 1}–${last} of ${matched}`),
    h('button', { type: 'button', disabled: last >= matched, onclick: () => go(offset + limit) }, 'Next'),
  );
}
