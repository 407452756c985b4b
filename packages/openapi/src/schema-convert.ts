import type { JsonSchema, JsonSchemaObject } from '@toolarsenal/toolmodel';
import { isPlainObject } from '@toolarsenal/toolmodel';
import type { LocalRefs } from './local-refs.js';
import { runsOnValidators } from './regex-repair.js';
import {
  ARRAYS,
  cap,
  DROPPED,
  MAPS,
  makeNullable,
  normaliseType,
  SINGLE,
  tidyNode,
} from './schema-keywords.js';
import { SchemaRoot } from './schema-root.js';
import type { SchemaStats } from './schema-stats.js';

export type Direction = 'input' | 'output';
/**
 * `inline`: shared schemas are copied in place (only cycles use `$defs`); `defs`: every named shared
 * schema goes to `$defs`; `shallow`: named schemas below the root are replaced by a short summary schema
 * (type + description), for response schemas too large to carry.
 */
export type RefMode = 'inline' | 'defs' | 'shallow';

const MAX_LEVEL = 200;

interface Converted {
  schema: JsonSchema;
  /** Def nodes this schema refers to (directly or through other converted nodes). Never mutated. */
  defs: ReadonlySet<object>;
  /**
   * Somewhere inside is a keyword JSON Schema validators refuse to compile (a pattern invalid in
   * unicode mode, an empty `enum`): the tool schema needs `repairForValidators`.
   */
  suspect: boolean;
}

/** Where an invalid value was found, for the statistics (a primitive has no identity of its own). */
interface Owner {
  node: object;
  keyword: string;
}

const NONE: ReadonlySet<object> = new Set();

/** The node being translated, for the per-keyword step. */
interface NodeWork {
  node: Record<string, unknown>;
  out: JsonSchemaObject;
  /** Properties left out (readOnly in inputs, writeOnly in outputs): dropped from `required` too. */
  removed: Set<string>;
  sub: (child: unknown, keyword: string) => JsonSchema;
  direction: Direction;
  /** Records that the node holds something validators refuse to compile. */
  suspect: () => void;
}

/**
 * Converts schemas of an OpenAPI document (Swagger 2.0 / 3.0 / 3.1 dialects) to self-contained JSON
 * Schema 2020-12, following local `$ref`s as it meets them (or object cycles, in a document whose
 * refs were already dereferenced).
 *
 * A schema met again while it is still being converted is on a cycle: it becomes
 * `{"$ref": "#/$defs/<name>"}` from then on, its body in the root's `$defs`. Every other shared
 * schema is inlined (or, in `defs` mode, moved to `$defs` too when it came from a named `$ref`).
 * Results are memoised per object and direction, so a document's shared schemas are converted once
 * however many operations use them.
 */
export class SchemaConverter {
  private readonly cyclic = new Set<object>();
  /** Schemas whose conversion is under way (a cycle leads back to one of them). */
  private readonly active = new Set<object>();
  private readonly names = new Map<object, string>();
  private readonly usedNames = new Set<string>();
  private readonly memo = new Map<string, WeakMap<object, Converted>>();
  private readonly refNames: WeakMap<object, string>;

  constructor(
    readonly refs: LocalRefs,
    private readonly stats: SchemaStats,
  ) {
    this.refNames = refs.names;
  }

  /** Starts one root schema (a tool's input or output). */
  root(direction: Direction, mode: RefMode = 'inline'): SchemaRoot {
    return new SchemaRoot(this, direction, mode);
  }

  /** Name under `$defs` for a def object (assigned once per document, unique, `[A-Za-z0-9_.-]`). */
  defName(node: object): string {
    let name = this.names.get(node);
    if (name === undefined) {
      const raw = this.refNames.get(node) ?? 'schema';
      const base =
        raw
          .replace(/[^A-Za-z0-9_.-]+/g, '_')
          .replace(/^_+|_+$/g, '')
          .slice(0, 100) || 'schema';
      name = base;
      for (let i = 2; this.usedNames.has(name); i++) name = `${base}_${i}`;
      this.usedNames.add(name);
      this.names.set(node, name);
    }
    return name;
  }

  isDef(node: object, mode: RefMode): boolean {
    return this.cyclic.has(node) || (mode === 'defs' && this.refNames.has(node));
  }

  convert(node: unknown, direction: Direction, mode: RefMode, level = 0, owner?: Owner): Converted {
    if (typeof node === 'boolean') return { schema: node, defs: NONE, suspect: false };
    if (!isPlainObject(node)) {
      this.noteInvalid(node, owner);
      return { schema: {}, defs: NONE, suspect: false };
    }
    if (typeof node.$ref === 'string' && Object.keys(node).length === 1) {
      const target = this.refs.resolve(node.$ref);
      if (target === undefined) {
        this.stats.note('unresolvedRefs', node);
        return { schema: {}, defs: NONE, suspect: false };
      }
      return this.convert(target.value, direction, mode, level, owner);
    }
    if (mode === 'shallow' && level > 0 && this.refNames.has(node)) {
      this.stats.note('shallowSchemas', node);
      return { schema: this.summarise(node), defs: NONE, suspect: false };
    }
    if (this.active.has(node)) this.cyclic.add(node);
    if (this.isDef(node, mode)) return this.defRef(node);
    const body = this.convertBody(node, direction, mode, level);
    // Met again during its own conversion: from now on a `$defs` entry (its body is the memo).
    return this.cyclic.has(node) ? this.defRef(node) : body;
  }

  /** `readOnly: true` on the property itself or, as in the 3.0 idiom `allOf: [{$ref}]`, on an allOf member. */
  private hasFlag(property: unknown, flag: 'readOnly' | 'writeOnly'): boolean {
    const schema = this.refs.deref(property);
    if (!isPlainObject(schema)) return false;
    if (schema[flag] === true) return true;
    return (
      Array.isArray(schema.allOf) &&
      schema.allOf.some((m) => {
        const member = this.refs.deref(m);
        return isPlainObject(member) && member[flag] === true;
      })
    );
  }

  private defRef(node: object): Converted {
    return { schema: { $ref: `#/$defs/${this.defName(node)}` }, defs: new Set([node]), suspect: false };
  }

  private noteInvalid(value: unknown, owner: Owner | undefined): void {
    if (owner) this.stats.note('invalidKeywords', owner.node, owner.keyword);
    else if (value !== null && typeof value === 'object') this.stats.note('invalidKeywords', value);
  }

  /** A named schema, described instead of expanded: its type and what it is. */
  private summarise(node: Record<string, unknown>): JsonSchemaObject {
    const name = this.refNames.get(node) ?? 'schema';
    const out: JsonSchemaObject = {};
    const type = normaliseType(node.type);
    if (type !== undefined && type !== 'file') out.type = type;
    const text =
      typeof node.description === 'string' ? node.description.trim().split('\n')[0]!.slice(0, 200) : '';
    out.description = `${text ? `${text} ` : ''}(schema "${name}" not expanded: response schema too large)`;
    return out;
  }

  /** Converts the keywords of `node` itself (used for def bodies, where `node` must not refer to itself). */
  convertBody(node: Record<string, unknown>, direction: Direction, mode: RefMode, level = 0): Converted {
    const key = `${direction}:${mode}`;
    let memo = this.memo.get(key);
    if (!memo) {
      memo = new WeakMap();
      this.memo.set(key, memo);
    }
    const hit = memo.get(node);
    if (hit) return hit;
    this.active.add(node);
    try {
      const result = this.translate(node, direction, mode, level);
      memo.set(node, result);
      return result;
    } finally {
      this.active.delete(node);
    }
  }

  private translate(
    node: Record<string, unknown>,
    direction: Direction,
    mode: RefMode,
    level: number,
  ): Converted {
    const defs = new Set<object>();
    let suspect = false;
    if (level > MAX_LEVEL) {
      this.stats.note('invalidKeywords', node);
      return { schema: {}, defs, suspect };
    }
    const sub = (child: unknown, keyword: string): JsonSchema => {
      const c = this.convert(child, direction, mode, level + 1, { node, keyword });
      for (const d of c.defs) defs.add(d);
      if (c.suspect) suspect = true;
      return c.schema;
    };
    let out: JsonSchemaObject = {};
    // A `$ref` next to other keywords (3.1; tolerated in 3.0): the target, with the siblings on top.
    // A target kept in `$defs` is referred to from an `allOf`, not next to the siblings (providers
    // accept little beside a `$ref`: Gemini only a description and a default).
    let refToDef: JsonSchema | undefined;
    if (typeof node.$ref === 'string') {
      const target = this.refs.resolve(node.$ref);
      if (target === undefined) this.stats.note('unresolvedRefs', node);
      else {
        const base = sub(target.value, '$ref');
        if (isPlainObject(base) && typeof base.$ref === 'string') refToDef = base;
        else out = typeof base === 'boolean' ? (base ? {} : { not: {} }) : { ...base };
      }
    }
    const work: NodeWork = { node, out, removed: new Set(), sub, direction, suspect: () => (suspect = true) };
    for (const keyword of Object.keys(node)) {
      if (keyword !== '$ref') this.keyword(work, keyword, node[keyword]);
    }
    if (refToDef !== undefined) out.allOf = [refToDef, ...(Array.isArray(out.allOf) ? out.allOf : [])];
    tidyNode(out, node, work.removed, this.stats);
    const nullable = node.nullable === true || node['x-nullable'] === true;
    if (nullable) this.stats.note('nullable', node);
    const schema = nullable ? makeNullable(out) : out;
    return { schema, defs, suspect };
  }

  /** One keyword of `work.node` into `work.out`: dropped, rewritten or converted (subschemas). */
  private keyword(work: NodeWork, keyword: string, value: unknown): void {
    if (this.annotation(work, keyword, value) || this.subschemas(work, keyword, value)) return;
    this.assertion(work, keyword, value);
  }

  /** Vendor extensions, OpenAPI-only keywords, examples. */
  private annotation(work: NodeWork, keyword: string, value: unknown): boolean {
    const { node, out } = work;
    if (keyword.startsWith('x-')) {
      if (keyword !== 'x-nullable') this.stats.note('vendorExtensions', node, keyword);
      return true;
    }
    if (DROPPED.has(keyword)) {
      if (keyword !== 'nullable') this.stats.note('openapiKeywords', node, keyword);
      return true;
    }
    if (keyword === 'example') {
      if (node.examples === undefined) {
        out.examples = [value];
        this.stats.note('examples', node);
      }
      return true;
    }
    if (keyword === 'examples') {
      // OpenAPI 3.x media-type style `examples` maps are not JSON Schema; keep only arrays.
      if (Array.isArray(value)) out.examples = value;
      else this.stats.note('openapiKeywords', node, keyword);
      return true;
    }
    return false;
  }

  /** Keywords holding subschemas: converted (readOnly/writeOnly properties left out, tuples rewritten). */
  private subschemas(work: NodeWork, keyword: string, value: unknown): boolean {
    const { node, out } = work;
    if (keyword === 'properties' && isPlainObject(value)) {
      const props: Record<string, JsonSchema> = {};
      for (const name of Object.keys(value)) {
        const child = value[name];
        const hidden = this.hasFlag(child, work.direction === 'input' ? 'readOnly' : 'writeOnly');
        if (hidden) {
          work.removed.add(name);
          this.stats.note('directionalProperties', value, name);
          continue;
        }
        props[name] = work.sub(child, keyword);
      }
      out.properties = props;
      return true;
    }
    if (keyword === 'items' && Array.isArray(value)) {
      this.convertTuple(node, value, out, work.sub);
      return true;
    }
    if (keyword === 'additionalItems') {
      // Draft-04/07: applies only next to array-valued `items` (handled there); ignored otherwise.
      if (!Array.isArray(node.items)) this.stats.note('invalidKeywords', node, keyword);
      return true;
    }
    if (SINGLE.has(keyword)) {
      if (isPlainObject(value) || typeof value === 'boolean') out[keyword] = work.sub(value, keyword);
      else this.stats.note('invalidKeywords', node, keyword);
      return true;
    }
    if (ARRAYS.has(keyword)) {
      if (Array.isArray(value) && value.length > 0) out[keyword] = value.map((v) => work.sub(v, keyword));
      else this.stats.note('invalidKeywords', node, keyword);
      return true;
    }
    if (MAPS.has(keyword)) {
      if (!isPlainObject(value)) {
        this.stats.note('invalidKeywords', node, keyword);
        return true;
      }
      const map: Record<string, JsonSchema> = {};
      for (const name of Object.keys(value)) {
        map[name] = work.sub(value[name], keyword);
        if (keyword === 'patternProperties' && !runsOnValidators(name)) work.suspect();
      }
      out[keyword === 'definitions' ? '$defs' : keyword] = map;
      return true;
    }
    return false;
  }

  /** Everything else: kept, normalised (types, binary formats, exclusive bounds) or dropped when invalid. */
  private assertion(work: NodeWork, keyword: string, value: unknown): void {
    const { node, out } = work;
    if (keyword === 'required') {
      if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
        out.required = [...new Set(value)];
      else this.stats.note('invalidKeywords', node, keyword);
      return;
    }
    if (keyword === 'type') {
      const type = normaliseType(value);
      if (type === undefined) this.stats.note('invalidKeywords', node, keyword);
      else if (type === 'file') {
        out.type = 'string';
        out.contentEncoding = 'base64';
        this.stats.note('binary', node);
      } else out.type = type;
      return;
    }
    if (keyword === 'format' && (value === 'binary' || value === 'byte')) {
      out.contentEncoding = 'base64';
      this.stats.note('binary', node);
      return;
    }
    if (keyword === 'pattern' && typeof value === 'string' && !runsOnValidators(value)) work.suspect();
    if (keyword === 'enum' && Array.isArray(value) && value.length === 0) work.suspect();
    if ((keyword === 'exclusiveMinimum' || keyword === 'exclusiveMaximum') && typeof value === 'boolean') {
      const bound = keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum';
      if (value && typeof node[bound] === 'number') out[keyword] = node[bound];
      return;
    }
    if ((keyword === 'minimum' || keyword === 'maximum') && node[`exclusive${cap(keyword)}`] === true) return;
    out[keyword] = value;
  }

  /**
   * Array-valued `items` (draft-04/07 tuples, invalid in OpenAPI 3.0) in 2020-12 terms: the members
   * become `prefixItems` and `additionalItems` becomes `items` (2020-12 ignores `additionalItems`, so
   * keeping it would let any extra item through). A single member without `additionalItems` is taken
   * as the list schema the author meant (`items: [X]` for `items: X`, the common mistake).
   */
  private convertTuple(
    node: Record<string, unknown>,
    members: unknown[],
    out: JsonSchemaObject,
    sub: (child: unknown, keyword: string) => JsonSchema,
  ): void {
    this.stats.note('tupleItems', node);
    const extra = node.additionalItems;
    const hasExtra = isPlainObject(extra) || typeof extra === 'boolean';
    if (members.length === 1 && !hasExtra) {
      out.items = sub(members[0], 'items');
      return;
    }
    if (members.length > 0) out.prefixItems = members.map((m) => sub(m, 'items'));
    if (hasExtra) out.items = sub(extra, 'additionalItems');
  }
}

export { SchemaRoot };
