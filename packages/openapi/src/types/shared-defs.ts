import { createHash } from 'node:crypto';
import {
  canonicalJson,
  isPlainObject,
  type JsonSchema,
  type JsonSchemaObject,
  mapSchema,
  walkSchema,
} from '@toolarsenal/toolmodel';
import { tupleForCompiler } from './prepare-schema.js';
import { pascalCase, type UniqueNames } from './type-names.js';

const DEF_REF = /^#\/(\$defs|definitions)\/([^/]+)$/;

/** A `$defs` entry several tool schemas carry identically, declared once. */
export interface SharedDef {
  name: string;
  schema: JsonSchema;
}

type Defs = Map<string, JsonSchemaObject | boolean>;

function defsOf(schema: JsonSchema): Defs {
  const defs: Defs = new Map();
  if (!isPlainObject(schema)) return defs;
  for (const keyword of ['$defs', 'definitions']) {
    const map = schema[keyword];
    if (!isPlainObject(map)) continue;
    for (const [name, body] of Object.entries(map))
      if (isPlainObject(body) || typeof body === 'boolean') defs.set(name, body);
  }
  return defs;
}

const refCache = new WeakMap<object, Set<string> | null>();

/** Names of the defs a body refers to; `undefined` when it refers to anything else (not shareable). */
function refsOf(body: JsonSchema): Set<string> | undefined {
  if (typeof body === 'boolean') return new Set();
  const cached = refCache.get(body);
  if (cached !== undefined) return cached ?? undefined;
  const found = collectRefs(body);
  refCache.set(body, found ?? null);
  return found;
}

function collectRefs(body: JsonSchema): Set<string> | undefined {
  const names = new Set<string>();
  let other = false;
  walkSchema(body, ({ schema }) => {
    if (typeof schema.$ref !== 'string') return;
    const match = DEF_REF.exec(schema.$ref);
    if (match) names.add(decodeSegment(match[2]!));
    else other = true;
  });
  return other ? undefined : names;
}

function decodeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Finds `$defs` entries that several tool schemas carry with the same content (an API's named
 * components: the import puts them in each operation's `$defs` when schemas are large or recursive)
 * and declares each once, under its own name (`Pet`), instead of once per tool (`GetPetOutputPet`,
 * `CreatePetInputPet`…). An entry is shared only when everything it refers to is identical too.
 */
export class SharedDefs {
  /** Closure key → global declaration name (for keys seen in at least two schemas). */
  private readonly names = new Map<string, string>();
  private readonly keys = new WeakMap<object, Map<string, string>>();
  readonly declarations: SharedDef[] = [];

  constructor(schemas: readonly JsonSchema[], unique: UniqueNames) {
    const counts = new Map<
      string,
      { count: number; name: string; body: JsonSchema; defs: Defs; digests: Map<string, string> }
    >();
    for (const schema of schemas) {
      const defs = defsOf(schema);
      const keys = new Map<string, string>();
      const digests = new Map<string, string>();
      for (const name of defs.keys()) {
        const key = closureKey(name, defs, digests);
        if (key === undefined) continue;
        keys.set(name, key);
        const entry = counts.get(key);
        if (entry) entry.count++;
        else counts.set(key, { count: 1, name, body: defs.get(name)!, defs, digests });
      }
      if (isPlainObject(schema)) this.keys.set(schema, keys);
    }
    for (const [key, entry] of counts) {
      if (entry.count < 2) continue;
      this.names.set(key, unique.take(pascalCase(entry.name)));
    }
    for (const [key, entry] of counts) {
      const name = this.names.get(key);
      if (name === undefined) continue;
      const keyOf = (def: string) => closureKey(def, entry.defs, entry.digests)!;
      this.declarations.push({ name, schema: this.rewriteBody(entry.body, entry.name, keyOf) });
    }
  }

  /**
   * For one tool schema: the global name of each of its `$defs` entries that is shared
   * (local name → declaration name).
   */
  sharedIn(schema: JsonSchema): Map<string, string> {
    const out = new Map<string, string>();
    if (!isPlainObject(schema)) return out;
    for (const [local, key] of this.keys.get(schema) ?? []) {
      const name = this.names.get(key);
      if (name !== undefined) out.set(local, name);
    }
    return out;
  }

  /** A shared body on its own: refs to itself become `#`, refs to other shared defs their names. */
  private rewriteBody(body: JsonSchema, self: string, keyOf: (def: string) => string): JsonSchema {
    return mapSchema(body, (node) => {
      const out: JsonSchemaObject = { ...node };
      delete out.title;
      tupleForCompiler(out);
      const match = typeof out.$ref === 'string' ? DEF_REF.exec(out.$ref) : null;
      if (!match) return out;
      const target = decodeSegment(match[2]!);
      if (target === self) return { ...out, $ref: '#' };
      const { $ref: _ref, ...rest } = out;
      return { ...rest, tsType: this.names.get(keyOf(target))! };
    }) as JsonSchema;
  }
}

/** The def and every def it reaches, or `undefined` when one of them refers outside the defs. */
function closureOf(start: string, defs: Defs): Defs | undefined {
  const closure: Defs = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (closure.has(name)) continue;
    const body = defs.get(name);
    if (body === undefined) return undefined;
    closure.set(name, body);
    const refs = refsOf(body);
    if (!refs) return undefined;
    for (const ref of refs) queue.push(ref);
  }
  return closure;
}

/**
 * What makes two defs the same declaration: the name and the content of the def and of every def it
 * reaches (content as a digest of its canonical JSON); `undefined` when it reaches outside the defs.
 */
function closureKey(name: string, defs: Defs, digests: Map<string, string>): string | undefined {
  const closure = closureOf(name, defs);
  if (!closure) return undefined;
  const parts: string[] = [];
  for (const [def, body] of closure) {
    let digest = digests.get(def);
    if (digest === undefined) {
      digest = createHash('sha256').update(canonicalJson(body)).digest('base64url');
      digests.set(def, digest);
    }
    parts.push(`${JSON.stringify(def)}:${digest}`);
  }
  return `${JSON.stringify(name)}|${parts.sort().join(',')}`;
}
