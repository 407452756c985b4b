import type { JsonSchema, JsonSchemaObject } from '@toolarsenal/toolmodel';
import { isPlainObject } from '@toolarsenal/toolmodel';
import type { SchemaStats } from './schema-stats.js';

export type Direction = 'input' | 'output';
/**
 * `inline`: shared schemas are copied in place (only cycles use `$defs`); `defs`: every named shared
 * schema goes to `$defs`; `shallow`: named schemas below the root are replaced by a short summary schema
 * (type + description), for response schemas too large to carry.
 */
export type RefMode = 'inline' | 'defs' | 'shallow';

const SINGLE = new Set([
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'items',
  'contentSchema',
  'additionalItems',
]);
const ARRAYS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
/** OpenAPI-only or scope-changing keywords with no place in a self-contained tool schema. */
const DROPPED = new Set([
  'xml',
  'discriminator',
  'externalDocs',
  '$schema',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
  '$vocabulary',
  '$comment',
  'nullable',
  'collectionFormat',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const MAX_LEVEL = 200;

interface Converted {
  schema: JsonSchema;
  /** Def nodes this schema refers to (directly or through other converted nodes). */
  defs: Set<object>;
}

/**
 * Converts schemas of a dereferenced OpenAPI document (Swagger 2.0 / 3.0 / 3.1 dialects, object
 * cycles where `$ref`s were circular) to self-contained JSON Schema 2020-12.
 *
 * Cycles are broken once per document: a depth-first walk marks every back-edge target, and those
 * objects are emitted as `{"$ref": "#/$defs/<name>"}` with their body in the root's `$defs`. Every
 * other shared object is inlined (or, in `defs` mode, moved to `$defs` too when it came from a named
 * `$ref`). Results are memoised per object and direction, so a document's shared schemas are
 * converted once however many operations use them.
 */
export class SchemaConverter {
  private readonly cyclic = new Set<object>();
  private readonly names = new Map<object, string>();
  private readonly usedNames = new Set<string>();
  private readonly memo = new Map<string, WeakMap<object, Converted>>();

  constructor(
    document: unknown,
    private readonly refNames: WeakMap<object, string>,
    private readonly stats: SchemaStats,
  ) {
    this.findCycles(document);
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

  convert(node: unknown, direction: Direction, mode: RefMode, level = 0): Converted {
    if (typeof node === 'boolean') return { schema: node, defs: new Set() };
    if (!isPlainObject(node)) {
      this.stats.invalidKeywords++;
      return { schema: {}, defs: new Set() };
    }
    if (mode === 'shallow' && level > 0 && this.refNames.has(node)) {
      this.stats.shallowSchemas++;
      return { schema: this.summarise(node), defs: new Set() };
    }
    if (this.isDef(node, mode)) {
      return { schema: { $ref: `#/$defs/${this.defName(node)}` }, defs: new Set([node]) };
    }
    return this.convertBody(node, direction, mode, level);
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
    const result = this.translate(node, direction, mode, level);
    memo.set(node, result);
    return result;
  }

  private translate(
    node: Record<string, unknown>,
    direction: Direction,
    mode: RefMode,
    level: number,
  ): Converted {
    const defs = new Set<object>();
    if (level > MAX_LEVEL) {
      this.stats.invalidKeywords++;
      return { schema: {}, defs };
    }
    const sub = (child: unknown): JsonSchema => {
      const c = this.convert(child, direction, mode, level + 1);
      for (const d of c.defs) defs.add(d);
      return c.schema;
    };
    if (typeof node.$ref === 'string') {
      // Still a `$ref` after dereferencing: the target could not be resolved.
      this.stats.unresolvedRefs++;
      const { $ref, ...rest } = node;
      const description = typeof rest.description === 'string' ? rest.description : undefined;
      return { schema: description ? { description } : {}, defs };
    }
    const out: JsonSchemaObject = {};
    const removed = new Set<string>();
    for (const keyword of Object.keys(node)) {
      const value = node[keyword];
      if (keyword.startsWith('x-')) {
        if (keyword !== 'x-nullable') this.stats.vendorExtensions++;
        continue;
      }
      if (DROPPED.has(keyword)) {
        if (keyword !== 'nullable') this.stats.openapiKeywords++;
        continue;
      }
      if (keyword === 'example') {
        if (node.examples === undefined) {
          out.examples = [value];
          this.stats.examples++;
        }
        continue;
      }
      if (keyword === 'examples') {
        // OpenAPI 3.x media-type style `examples` maps are not JSON Schema; keep only arrays.
        if (Array.isArray(value)) out.examples = value;
        else this.stats.openapiKeywords++;
        continue;
      }
      if (keyword === 'properties' && isPlainObject(value)) {
        const props: Record<string, JsonSchema> = {};
        for (const name of Object.keys(value)) {
          const child = value[name];
          const hidden = hasFlag(child, direction === 'input' ? 'readOnly' : 'writeOnly');
          if (hidden) {
            removed.add(name);
            this.stats.directionalProperties++;
            continue;
          }
          props[name] = sub(child);
        }
        out.properties = props;
        continue;
      }
      if (keyword === 'items' && Array.isArray(value)) {
        this.stats.tupleItems++;
        if (value.length === 1) out.items = sub(value[0]);
        else if (value.length > 1) out.prefixItems = value.map(sub);
        continue;
      }
      if (SINGLE.has(keyword)) {
        if (isPlainObject(value) || typeof value === 'boolean') out[keyword] = sub(value);
        else this.stats.invalidKeywords++;
        continue;
      }
      if (ARRAYS.has(keyword)) {
        if (Array.isArray(value) && value.length > 0) out[keyword] = value.map(sub);
        else this.stats.invalidKeywords++;
        continue;
      }
      if (MAPS.has(keyword)) {
        if (!isPlainObject(value)) {
          this.stats.invalidKeywords++;
          continue;
        }
        const map: Record<string, JsonSchema> = {};
        for (const name of Object.keys(value)) map[name] = sub(value[name]);
        out[keyword === 'definitions' ? '$defs' : keyword] = map;
        continue;
      }
      if (keyword === 'required') {
        if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
          out.required = [...new Set(value)];
        else this.stats.invalidKeywords++;
        continue;
      }
      if (keyword === 'type') {
        const type = normaliseType(value);
        if (type === undefined) this.stats.invalidKeywords++;
        else if (type === 'file') {
          out.type = 'string';
          out.contentEncoding = 'base64';
          this.stats.binary++;
        } else out.type = type;
        continue;
      }
      if (keyword === 'format' && (value === 'binary' || value === 'byte')) {
        out.contentEncoding = 'base64';
        this.stats.binary++;
        continue;
      }
      if ((keyword === 'exclusiveMinimum' || keyword === 'exclusiveMaximum') && typeof value === 'boolean') {
        const bound = keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum';
        if (value && typeof node[bound] === 'number') out[keyword] = node[bound];
        continue;
      }
      if ((keyword === 'minimum' || keyword === 'maximum') && node[`exclusive${cap(keyword)}`] === true)
        continue;
      out[keyword] = value;
    }
    if (removed.size > 0 && Array.isArray(out.required)) {
      out.required = (out.required as string[]).filter((n) => !removed.has(n));
      if ((out.required as string[]).length === 0) delete out.required;
    }
    if (Array.isArray(out.required) && (out.required as string[]).length === 0) delete out.required;
    if (out.required !== undefined && out.type !== undefined && !typeIncludes(out.type, 'object')) {
      // `required` on a non-object type is a no-op that strict targets reject (misplaced in the source).
      delete out.required;
      this.stats.invalidKeywords++;
    }
    if (out.type === undefined && !COMPOSITION.some((k) => k in out)) {
      // OpenAPI authors routinely leave out `type: object` next to `properties` (or `array` next to
      // `items`); strict targets need the type.
      if (isPlainObject(out.properties) || Array.isArray(out.required)) out.type = 'object';
      else if (out.items !== undefined || out.prefixItems !== undefined) out.type = 'array';
      if (out.type !== undefined) this.stats.inferredTypes++;
    }
    const nullable = node.nullable === true || node['x-nullable'] === true;
    const schema = nullable ? makeNullable(out, this.stats) : out;
    return { schema, defs };
  }

  /** Marks back-edge targets of a depth-first walk over the whole document: breaking those breaks every cycle. */
  private findCycles(document: unknown): void {
    const state = new Map<object, 1 | 2>();
    const visit = (value: unknown): void => {
      if (value === null || typeof value !== 'object') return;
      const seen = state.get(value);
      if (seen === 1) {
        this.cyclic.add(value);
        this.defName(value);
        return;
      }
      if (seen === 2) return;
      state.set(value, 1);
      if (Array.isArray(value)) for (const item of value) visit(item);
      else for (const key of Object.keys(value)) visit((value as Record<string, unknown>)[key]);
      state.set(value, 2);
    };
    visit(document);
  }
}

/** One root schema under construction: collects the `$defs` its parts need. */
export class SchemaRoot {
  private readonly defs = new Set<object>();

  constructor(
    private readonly converter: SchemaConverter,
    readonly direction: Direction,
    readonly mode: RefMode,
  ) {}

  convert(node: unknown): JsonSchema {
    const c = this.converter.convert(node, this.direction, this.mode);
    for (const d of c.defs) this.defs.add(d);
    return c.schema;
  }

  /** The `$defs` every converted part needs (closed over defs that refer to other defs), or undefined. */
  collectDefs(): Record<string, JsonSchema> | undefined {
    if (this.defs.size === 0) return undefined;
    const out: Record<string, JsonSchema> = {};
    const queue = [...this.defs];
    const done = new Set<object>();
    while (queue.length > 0) {
      const node = queue.shift()!;
      if (done.has(node)) continue;
      done.add(node);
      const body = this.converter.convertBody(node as Record<string, unknown>, this.direction, this.mode);
      out[this.converter.defName(node)] = body.schema;
      for (const d of body.defs) if (!done.has(d)) queue.push(d);
    }
    return out;
  }
}

const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
const COMPOSITION = ['allOf', 'anyOf', 'oneOf', '$ref', 'enum', 'const', 'not', 'if'];

/** `readOnly: true` on the property itself or, as in the 3.0 idiom `allOf: [{$ref}]`, on an allOf member. */
function hasFlag(schema: unknown, flag: 'readOnly' | 'writeOnly'): boolean {
  if (!isPlainObject(schema)) return false;
  if (schema[flag] === true) return true;
  return Array.isArray(schema.allOf) && schema.allOf.some((m) => isPlainObject(m) && m[flag] === true);
}

function typeIncludes(type: unknown, name: string): boolean {
  return type === name || (Array.isArray(type) && type.includes(name));
}

function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function normaliseType(value: unknown): string | string[] | undefined {
  if (typeof value === 'string') return TYPES.has(value) || value === 'file' ? value : undefined;
  if (Array.isArray(value)) {
    const list = [...new Set(value.filter((v): v is string => typeof v === 'string' && TYPES.has(v)))];
    return list.length === 0 ? undefined : list.length === 1 ? list[0] : list;
  }
  return undefined;
}

function makeNullable(schema: JsonSchemaObject, stats: SchemaStats): JsonSchemaObject {
  stats.nullable++;
  const type = schema.type;
  if (typeof type === 'string' || Array.isArray(type)) {
    const types = Array.isArray(type) ? [...(type as string[])] : [type];
    if (!types.includes('null')) types.push('null');
    const out: JsonSchemaObject = { ...schema, type: types };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
    return out;
  }
  if (Object.keys(schema).length === 0) return schema;
  // The common 3.0 idiom `{allOf: [{$ref}], nullable: true}` becomes `anyOf: [<ref>, null]` directly.
  const { allOf, ...rest } = schema;
  if (Array.isArray(allOf) && allOf.length === 1 && Object.keys(rest).every((k) => ANNOTATIONS.has(k))) {
    return { ...rest, anyOf: [allOf[0] as JsonSchema, { type: 'null' }] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}
