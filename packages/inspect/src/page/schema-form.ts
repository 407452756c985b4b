import { h } from './dom.js';
import type { JsonSchema } from './types.js';

/** A value read from an editor: `present: false` for an empty optional field (left out of the arguments). */
type Read = { present: false } | { present: true; value: unknown };

interface Editor {
  el: HTMLElement;
  read(): Read;
}

export interface SchemaForm {
  el: HTMLElement;
  read(): unknown;
  /** Shows errors next to the field at each pointer (or its nearest ancestor); returns the ones placed nowhere. */
  showErrors(errors: ReadonlyArray<{ pointer: string; message: string }>): void;
  clearErrors(): void;
}

const MAX_DEPTH = 8;
let uid = 0;

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (typeof schema.type === 'string') return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The error slot under a field, tied to it with `aria-describedby`. */
function withError(control: HTMLElement, pointer: string): HTMLElement {
  const id = `err-${++uid}`;
  control.setAttribute('aria-describedby', id);
  control.dataset.pointer = pointer;
  return h('span', { id, class: 'field-error', 'data-error-for': pointer, role: 'alert' });
}

function labelText(name: string, schema: JsonSchema, required: boolean): string {
  return `${schema.title ?? name}${required ? ' (required)' : ''}`;
}

function editorFor(
  schema: JsonSchema,
  name: string,
  pointer: string,
  required: boolean,
  depth: number,
): Editor {
  const type = typeOf(schema);
  const hint = schema.description ? h('span', { class: 'muted' }, schema.description) : null;
  if (Array.isArray(schema.enum)) {
    const options = schema.enum.map((v, i) => h('option', { value: String(i) }, JSON.stringify(v)));
    const select = h(
      'select',
      { name: pointer },
      h('option', { value: '' }, required ? '(choose)' : '(none)'),
      ...options,
    );
    const error = withError(select, pointer);
    return {
      el: h('label', {}, labelText(name, schema, required), select, hint, error),
      read: () =>
        select.value === ''
          ? { present: false }
          : { present: true, value: schema.enum![Number(select.value)] },
    };
  }
  if (type === 'object' && depth < MAX_DEPTH) return objectEditor(schema, name, pointer, required, depth);
  if (type === 'array' && depth < MAX_DEPTH) return arrayEditor(schema, name, pointer, required, depth);
  if (type === 'boolean') {
    const select = h(
      'select',
      { name: pointer },
      h('option', { value: '' }, '(unset)'),
      h('option', { value: 'true' }, 'true'),
      h('option', { value: 'false' }, 'false'),
    );
    const error = withError(select, pointer);
    return {
      el: h('label', {}, labelText(name, schema, required), select, hint, error),
      read: () =>
        select.value === '' ? { present: false } : { present: true, value: select.value === 'true' },
    };
  }
  if (type === 'string' || type === 'number' || type === 'integer') {
    const numeric = type !== 'string';
    const input = h('input', {
      name: pointer,
      autocomplete: 'off',
      inputmode: numeric ? 'decimal' : undefined,
      placeholder: schema.format ?? (numeric ? type : undefined),
    });
    const error = withError(input, pointer);
    return {
      el: h('label', {}, labelText(name, schema, required), input, hint, error),
      read: () => {
        if (input.value === '') return { present: false };
        // A number that does not parse is sent as typed, so the server's validation names the problem.
        if (numeric && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(input.value.trim()))
          return { present: true, value: Number(input.value) };
        return { present: true, value: input.value };
      },
    };
  }
  // Anything else (unions, untyped, too deep): JSON text.
  const area = h('textarea', { name: pointer, rows: 2, placeholder: 'JSON value' });
  const error = withError(area, pointer);
  return {
    el: h('label', {}, `${labelText(name, schema, required)} (JSON)`, area, hint, error),
    read: () => {
      if (area.value.trim() === '') return { present: false };
      try {
        return { present: true, value: JSON.parse(area.value) as unknown };
      } catch {
        return { present: true, value: area.value };
      }
    },
  };
}

function objectEditor(
  schema: JsonSchema,
  name: string,
  pointer: string,
  required: boolean,
  depth: number,
): Editor {
  const requiredSet = new Set(schema.required ?? []);
  const children = Object.entries(schema.properties ?? {}).map(([key, sub]) => ({
    key,
    editor: editorFor(sub, key, `${pointer}/${escapeSegment(key)}`, requiredSet.has(key), depth + 1),
  }));
  const legend = h('legend', {}, labelText(name, schema, required));
  const box = h('fieldset', { 'data-pointer': pointer }, legend, ...children.map((c) => c.editor.el));
  const error = withError(legend, pointer);
  box.append(error);
  return {
    el: box,
    read: () => {
      const value: Record<string, unknown> = {};
      let any = false;
      for (const { key, editor } of children) {
        const r = editor.read();
        if (r.present) {
          value[key] = r.value;
          any = true;
        }
      }
      return any || required || depth === 0 ? { present: true, value } : { present: false };
    },
  };
}

function arrayEditor(
  schema: JsonSchema,
  name: string,
  pointer: string,
  required: boolean,
  depth: number,
): Editor {
  const itemSchema = schema.items ?? {};
  const items: Array<{ editor: Editor; row: HTMLElement; remove: HTMLButtonElement }> = [];
  const list = h('div', { class: 'stack' });
  const legend = h('legend', {}, labelText(name, schema, required));
  const renumber = () =>
    items.forEach((item, i) => {
      item.row.setAttribute('aria-label', `${name} item ${i + 1}`);
      item.remove.setAttribute('aria-label', `Remove ${name} item ${i + 1}`);
    });
  const add = h('button', { type: 'button' }, `Add ${name} item`);
  add.addEventListener('click', () => {
    const index = items.length;
    const editor = editorFor(itemSchema, `${name} ${index + 1}`, `${pointer}/${index}`, true, depth + 1);
    const remove = h('button', { type: 'button' }, 'Remove');
    const row = h('div', { role: 'group' }, editor.el, remove);
    const item = { editor, row, remove };
    remove.addEventListener('click', () => {
      items.splice(items.indexOf(item), 1);
      row.remove();
      renumber();
    });
    items.push(item);
    list.append(row);
    renumber();
  });
  const box = h('fieldset', { 'data-pointer': pointer }, legend, list, add);
  box.append(withError(legend, pointer));
  return {
    el: box,
    read: () => {
      if (items.length === 0) return required ? { present: true, value: [] } : { present: false };
      return {
        present: true,
        value: items.map((i) => i.editor.read()).map((r) => (r.present ? r.value : null)),
      };
    },
  };
}

/** A form for a tool's input schema: nested objects as fieldsets, arrays with add/remove, enums as selects. */
export function schemaForm(schema: JsonSchema): SchemaForm {
  const root = editorFor({ ...schema, type: 'object' }, 'Arguments', '', true, 0);
  const formError = h('p', { class: 'field-error', role: 'alert', 'data-error-for': '(form)' });
  const el = h('div', {}, root.el, formError);
  const clearErrors = () => {
    for (const slot of el.querySelectorAll<HTMLElement>('[data-error-for]')) slot.textContent = '';
    for (const control of el.querySelectorAll('[aria-invalid]')) control.removeAttribute('aria-invalid');
  };
  return {
    el,
    read: () => {
      const r = root.read();
      return r.present ? r.value : {};
    },
    clearErrors,
    showErrors(errors) {
      clearErrors();
      const slots = [...el.querySelectorAll<HTMLElement>('[data-error-for]')];
      for (const error of errors) {
        let pointer = error.pointer;
        let slot = slots.find((s) => s.dataset.errorFor === pointer);
        while (!slot && pointer !== '') {
          pointer = pointer.slice(0, pointer.lastIndexOf('/'));
          slot = slots.find((s) => s.dataset.errorFor === pointer);
        }
        const target = slot ?? formError;
        const text = `${error.pointer || 'arguments'}: ${error.message}`;
        target.textContent = target.textContent ? `${target.textContent}; ${text}` : text;
        const control = target.id ? el.querySelector(`[aria-describedby="${target.id}"]`) : null;
        control?.setAttribute('aria-invalid', 'true');
      }
      const first = el.querySelector<HTMLElement>('[aria-invalid=true]');
      if (first && 'focus' in first && first.tagName !== 'LEGEND') first.focus();
    },
  };
}
