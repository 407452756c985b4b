import {
  DEFAULT_DOCUMENT_LIMITS,
  DEFAULT_JSON_LIMITS,
  expectOptions,
  inspectJson,
  isPlainObject,
  pickJsonLimits,
} from '@toolarsenal/toolmodel';
import { getCodec } from './codecs.js';
import { mismatchOf } from './detect-format.js';
import { type DocumentItem, documentItems } from './documents.js';
import { DialectMismatchError } from './errors.js';
import { applyNamespace, validateNamespaceOption } from './namespaces.js';
import type { CheckOptions, Dialect, Violation } from './types.js';

/**
 * Conformance check of a tool value or a document of `dialect` (catalogue rows such as
 * `{tool, server}` are read through their wrapper): every violation with its pointer, a stable rule
 * id and the provider's own error wording (shared/docs/dialects.md). Each dialect first validates
 * its schemas as JSON Schema, then applies the provider's rules; fields the provider does not know
 * are violations. Limits are options with the dialect defaults.
 *
 * Returns `[]` when the input conforms. Throws `DialectMismatchError` when the input is not in
 * `dialect` at all (none of its fields, looks like another dialect: `looksLike` says which),
 * `UnknownDialectError` for an unknown dialect and `InvalidArgumentError` for malformed options;
 * hostile values (too deep, too large, `__proto__` keys…) are violations (`input.unsafe-json`).
 */
export function check(value: unknown, dialect: Dialect, options: CheckOptions = {}): Violation[] {
  expectOptions(options);
  const codec = getCodec(dialect);
  validateNamespaceOption(options.namespace);
  const documentLimits = pickJsonLimits(
    options.documentLimits,
    DEFAULT_DOCUMENT_LIMITS,
    'options.documentLimits',
  );
  const definitionLimits = pickJsonLimits(
    options.definitionLimits,
    DEFAULT_JSON_LIMITS,
    'options.definitionLimits',
  );
  const unsafe = inspectJson(value, documentLimits);
  if (unsafe.length > 0) return unsafeViolations(unsafe);
  const { items, document } = documentItems(codec, value);
  for (const item of items) {
    const looksLike = mismatchOf(item.value, codec.dialect);
    if (looksLike) throw new DialectMismatchError(codec.dialect, looksLike, item.pointer);
  }
  const out: Violation[] = [];
  const seen = new Map<string, string>();
  for (const item of items) {
    const itemUnsafe = inspectJson(item.value, definitionLimits, item.pointer);
    if (itemUnsafe.length > 0) {
      out.push(...unsafeViolations(itemUnsafe));
      continue;
    }
    for (const v of codec.check(item.value, options)) out.push({ ...v, pointer: item.pointer + v.pointer });
    if (document) duplicateName(item, codec.dialect, options, seen, out);
  }
  return out;
}

function unsafeViolations(issues: ReadonlyArray<{ pointer: string; message: string }>): Violation[] {
  return issues.map((i) => ({ pointer: i.pointer, rule: 'input.unsafe-json', message: i.message }));
}

/**
 * Two tools of one document (in one namespace, when namespacing) must not share a name — the
 * field that identifies a tool in the dialect: an A2A skill's `id` (its `name` is a display name
 * that may repeat), every other dialect's `name`.
 */
function duplicateName(
  item: DocumentItem,
  dialect: Dialect,
  options: CheckOptions,
  seen: Map<string, string>,
  out: Violation[],
): void {
  const field = dialect === 'a2a-skill' ? 'id' : 'name';
  const name = toolName(item.value, field);
  if (name === undefined) return;
  const namespace = applyNamespace(
    options.namespace,
    { row: item.row, pointer: item.pointer, name },
    undefined,
  );
  const key = namespace === undefined ? name : `${namespace}:${name}`;
  const previous = seen.get(key);
  if (previous === undefined) {
    seen.set(key, item.pointer);
    return;
  }
  out.push({
    pointer: `${item.pointer}/${field}`,
    rule: 'document.duplicate-name',
    message: `duplicate tool name "${key}" (also at ${previous || '/'})${
      namespace === undefined ? '; tools of different servers need a namespace (option namespace)' : ''
    }`,
  });
}

function toolName(item: unknown, field: 'id' | 'name'): string | undefined {
  if (!isPlainObject(item)) return undefined;
  if (typeof item[field] === 'string') return item[field];
  const fn = item.function;
  return isPlainObject(fn) && typeof fn.name === 'string' ? fn.name : undefined;
}
