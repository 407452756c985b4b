import { inspectJson } from '@toolarsenal/toolmodel';
import { getCodec } from './codecs.js';
import { splitDocument } from './documents.js';
import type { CheckOptions, Dialect, Violation } from './types.js';

/**
 * Conformance check of a tool value or a document of `dialect`: every violation with its pointer,
 * a stable rule id and the provider's own error wording (shared/docs/dialects.md). Limits are
 * options with the dialect defaults. Never throws on odd input.
 */
export function check(value: unknown, dialect: Dialect, options: CheckOptions = {}): Violation[] {
  const codec = getCodec(dialect);
  const unsafe = inspectJson(value);
  if (unsafe.length > 0)
    return unsafe.map((i) => ({ pointer: i.pointer, rule: 'input.unsafe-json', message: i.message }));
  const items = splitDocument(codec, value);
  if (!items) return codec.check(value, options);
  const out: Violation[] = [];
  const seen = new Map<string, string>();
  for (const { value: item, pointer } of items) {
    for (const v of codec.check(item, options)) out.push({ ...v, pointer: pointer + v.pointer });
    const name = toolName(item);
    if (name !== undefined) {
      const previous = seen.get(name);
      if (previous !== undefined)
        out.push({
          pointer: `${pointer}/name`,
          rule: 'document.duplicate-name',
          message: `duplicate tool name "${name}" (also at ${previous || '/'})`,
        });
      else seen.set(name, pointer);
    }
  }
  return out;
}

function toolName(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const o = item as Record<string, unknown>;
  if (typeof o.name === 'string') return o.name;
  const fn = o.function as Record<string, unknown> | undefined;
  return typeof fn?.name === 'string' ? fn.name : undefined;
}
