import { isPlainObject, parsePointer } from '@toolarsenal/toolmodel';
import type { OpenApiProblem } from './errors.js';

/** Longest chain of `$ref`s to `$ref`s followed before giving up. */
const MAX_CHAIN = 64;

export interface ResolvedRef {
  value: unknown;
  /** Name of the definition the value came from (last pointer segment), for `$defs`. */
  name: string;
}

/**
 * Resolves a document's local `$ref`s (`#/components/schemas/Pet`) on demand, as operations reach
 * them, instead of rewriting the whole document up front: most of a large API's components are
 * never visited by one import, and nothing of the caller's document is modified. Chains
 * (`$ref` to a `$ref`) are followed; loops and dangling pointers are reported once each.
 */
export class LocalRefs {
  private readonly cache = new Map<string, ResolvedRef | null>();

  constructor(
    private readonly root: unknown,
    private readonly file: string,
    private readonly problems: OpenApiProblem[],
    /** Names of resolved values, shared with the schema converter (`$defs` names). */
    readonly names: WeakMap<object, string>,
    /** Report refs that cannot be resolved (off when an earlier pass already did). */
    private readonly report = true,
  ) {}

  /** The value a `$ref` string points at, or `undefined` (reported) when it points at nothing. */
  resolve(ref: string): ResolvedRef | undefined {
    const cached = this.cache.get(ref);
    if (cached !== undefined) return cached ?? undefined;
    const resolved = this.follow(ref);
    this.cache.set(ref, resolved ?? null);
    if (resolved && resolved.value !== null && typeof resolved.value === 'object') {
      if (!this.names.has(resolved.value)) this.names.set(resolved.value, resolved.name);
    }
    return resolved;
  }

  /** `value` itself, or what it points at when it is a `{$ref}` object that resolves. */
  deref(value: unknown): unknown {
    if (!isPlainObject(value) || typeof value.$ref !== 'string') return value;
    return this.resolve(value.$ref)?.value ?? value;
  }

  private follow(first: string): ResolvedRef | undefined {
    const seen = new Set<string>();
    let ref = first;
    let at = '';
    for (let hop = 0; hop < MAX_CHAIN; hop++) {
      if (seen.has(ref)) {
        this.problem(at, `$ref "${first}" is a loop of references that never reaches a schema`);
        return undefined;
      }
      seen.add(ref);
      const value = this.lookup(ref);
      if (value === undefined) {
        this.problem(at, `$ref "${ref}" could not be resolved`);
        return undefined;
      }
      if (!isPlainObject(value) || typeof value.$ref !== 'string' || Object.keys(value).length > 1)
        return { value, name: refName(ref) };
      at = ref.slice(1);
      ref = value.$ref;
    }
    this.problem(at, `$ref "${first}" starts a chain of more than ${MAX_CHAIN} references`);
    return undefined;
  }

  private lookup(ref: string): unknown {
    if (!ref.startsWith('#')) return undefined;
    let segments: string[];
    try {
      segments = parsePointer(ref);
    } catch {
      return undefined;
    }
    let current: unknown = this.root;
    for (const segment of segments) {
      if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment))
        return undefined;
      current = (current as Record<string, unknown>)[segment];
    }
    return current;
  }

  private problem(pointer: string, message: string): void {
    if (this.report) this.problems.push({ file: this.file, pointer, code: 'unresolved_ref', message });
  }
}

/** `#/components/schemas/Pet` → `Pet`; `#/definitions/a~1b` → `a/b`. */
export function refName(ref: string): string {
  const hash = ref.indexOf('#');
  let segments: string[] = [];
  try {
    segments = parsePointer(hash >= 0 ? ref.slice(hash) : '');
  } catch {
    // Not a pointer fragment: fall back to the file name below.
  }
  const last = segments[segments.length - 1];
  if (last) return last;
  const filePart = (hash >= 0 ? ref.slice(0, hash) : ref).split(/[\\/]/).pop() ?? 'schema';
  return filePart.replace(/\.(ya?ml|json)$/i, '') || 'schema';
}
