import { h } from './dom.js';

interface Line {
  depth: number;
  text: string;
  pointer: string;
  /** The closing line of an object or array (never annotated). */
  closing: boolean;
}

export interface Annotation {
  pointer: string;
  note: string;
}

const MAX_LINES = 5_000;

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function lines(value: unknown): Line[] {
  const out: Line[] = [];
  const walk = (v: unknown, pointer: string, depth: number, prefix: string, comma: string): void => {
    if (out.length > MAX_LINES) return;
    if (Array.isArray(v) || (v !== null && typeof v === 'object')) {
      const entries: Array<[string, unknown]> = Array.isArray(v)
        ? v.map((item, i) => [String(i), item])
        : Object.entries(v as Record<string, unknown>);
      const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
      if (entries.length === 0) {
        out.push({ depth, text: `${prefix}${open}${close}${comma}`, pointer, closing: false });
        return;
      }
      out.push({ depth, text: `${prefix}${open}`, pointer, closing: false });
      entries.forEach(([key, item], i) => {
        const childPrefix = Array.isArray(v) ? '' : `${JSON.stringify(key)}: `;
        walk(
          item,
          `${pointer}/${escapeSegment(key)}`,
          depth + 1,
          childPrefix,
          i < entries.length - 1 ? ',' : '',
        );
      });
      out.push({ depth, text: `${close}${comma}`, pointer, closing: true });
      return;
    }
    out.push({ depth, text: `${prefix}${JSON.stringify(v)}${comma}`, pointer, closing: false });
  };
  walk(value, '', 0, '', '');
  return out;
}

/**
 * Pretty JSON, one element per line tagged with its JSON pointer (`data-pointer`). Each annotation marks the
 * line at its pointer, or the nearest ancestor shown when the pointer names something that is not there
 * (e.g. a keyword the conversion added).
 */
export function jsonView(
  value: unknown,
  label: string,
  annotations: readonly Annotation[] = [],
): HTMLElement {
  const all = lines(value);
  const byPointer = new Map<string, number>();
  all.forEach((line, i) => {
    if (!line.closing && !byPointer.has(line.pointer)) byPointer.set(line.pointer, i);
  });
  const notes = new Map<number, string[]>();
  for (const a of annotations) {
    let pointer = a.pointer;
    while (!byPointer.has(pointer) && pointer !== '') pointer = pointer.slice(0, pointer.lastIndexOf('/'));
    const at = byPointer.get(pointer) ?? 0;
    notes.set(at, [...(notes.get(at) ?? []), a.note]);
  }
  const pre = h('div', { class: 'json', role: 'region', 'aria-label': label, tabindex: 0 });
  all.forEach((line, i) => {
    const note = notes.get(i);
    const row = h(
      'div',
      { 'data-pointer': line.pointer, class: note ? 'loss' : undefined },
      '  '.repeat(line.depth) + line.text,
    );
    if (note) for (const n of note) row.append(h('span', { class: 'note' }, `↳ ${n}`));
    pre.append(row);
  });
  if (all.length > MAX_LINES) pre.append(h('div', { class: 'muted' }, '… (cut: too long to show)'));
  return pre;
}
