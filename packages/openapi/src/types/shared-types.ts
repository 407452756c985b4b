import {
  canonicalJson,
  isPlainObject,
  type JsonSchema,
  type JsonSchemaObject,
  SUBSCHEMA_ARRAY_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from '@toolarsenal/toolmodel';
import { pascalCase, type UniqueNames } from './type-names.js';

/** One declaration shared by every place that had the same subschema. */
export interface SharedDeclaration {
  name: string;
  schema: JsonSchemaObject;
}

interface NodeFacts {
  id: number;
  /** No `$ref` / `$defs` inside: the subschema means the same wherever it is compiled. */
  portable: boolean;
}

/**
 * Finds subschemas that occur more than once across all tool schemas (an API's shared components,
 * inlined into every operation by the import) and gives each one declaration, so the generated file
 * holds each shape once instead of once per use (the OpenAI spec repeats its message unions in
 * dozens of operations). Subschemas are identified structurally (hash-consing: a node's identity is
 * its keywords with its children's identities), in one pass over every schema.
 */
export class SharedTypes {
  private readonly ids = new Map<string, number>();
  private readonly facts = new WeakMap<object, NodeFacts>();
  private readonly counts: number[] = [];
  private readonly hints: string[] = [];
  private readonly names = new Map<number, string>();
  private readonly pending: Array<{ id: number; node: JsonSchemaObject }> = [];
  readonly declarations: SharedDeclaration[] = [];

  constructor(private readonly unique: UniqueNames) {}

  /** Counts every subschema of a (prepared) tool schema; call for every schema before `rewrite`. */
  count(schema: JsonSchema, hint: string): void {
    if (isPlainObject(schema)) this.visit(schema, hint, true);
  }

  /**
   * The schema with every shared subschema (below the root) replaced by a reference to its
   * declaration (`tsType`, which json-schema-to-typescript emits as the type name as is).
   */
  rewrite(schema: JsonSchema): JsonSchema {
    const out = isPlainObject(schema) ? this.replaceChildren(schema) : schema;
    this.drain();
    return out;
  }

  private visit(node: JsonSchemaObject, hint: string, root: boolean): NodeFacts {
    let portable = node.$ref === undefined && node.$defs === undefined && node.definitions === undefined;
    const shallow: Record<string, unknown> = {};
    for (const [keyword, value] of Object.entries(node)) {
      if (SUBSCHEMA_KEYWORDS.has(keyword) && isPlainObject(value)) {
        const f = this.visit(value, childHint(hint, keyword), false);
        portable &&= f.portable;
        shallow[keyword] = `#${f.id}`;
      } else if (SUBSCHEMA_ARRAY_KEYWORDS.has(keyword) && Array.isArray(value)) {
        shallow[keyword] = value.map((item, i) => {
          if (!isPlainObject(item)) return item;
          const f = this.visit(item, childHint(hint, keyword, i), false);
          portable &&= f.portable;
          return `#${f.id}`;
        });
      } else if (SUBSCHEMA_MAP_KEYWORDS.has(keyword) && isPlainObject(value)) {
        const map: Record<string, unknown> = {};
        for (const [name, item] of Object.entries(value)) {
          if (!isPlainObject(item)) {
            map[name] = item;
            continue;
          }
          const f = this.visit(item, keyword === 'properties' ? name : hint, false);
          portable &&= f.portable;
          map[name] = `#${f.id}`;
        }
        shallow[keyword] = map;
      } else shallow[keyword] = value;
    }
    const key = canonicalJson(shallow);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.counts.length;
      this.ids.set(key, id);
      this.counts.push(0);
      this.hints.push(hint);
    }
    // A tool's root is its own declaration already; only what is inside counts as a use.
    if (!root) this.counts[id]!++;
    const facts = { id, portable };
    this.facts.set(node, facts);
    return facts;
  }

  private shared(node: JsonSchemaObject): number | undefined {
    const facts = this.facts.get(node);
    if (!facts || !facts.portable || this.counts[facts.id]! < 2 || !worthNaming(node)) return undefined;
    return facts.id;
  }

  private replaceChildren(node: JsonSchemaObject): JsonSchemaObject {
    const out: JsonSchemaObject = {};
    for (const [keyword, value] of Object.entries(node)) {
      if (SUBSCHEMA_KEYWORDS.has(keyword) && isPlainObject(value)) out[keyword] = this.replace(value);
      else if (SUBSCHEMA_ARRAY_KEYWORDS.has(keyword) && Array.isArray(value))
        out[keyword] = value.map((item) => (isPlainObject(item) ? this.replace(item) : item));
      else if (SUBSCHEMA_MAP_KEYWORDS.has(keyword) && isPlainObject(value)) {
        const map: Record<string, unknown> = {};
        for (const [name, item] of Object.entries(value))
          map[name] = isPlainObject(item) ? this.replace(item) : item;
        out[keyword] = map;
      } else out[keyword] = value;
    }
    return out;
  }

  private replace(node: JsonSchemaObject): JsonSchemaObject {
    const id = this.shared(node);
    if (id === undefined) return this.replaceChildren(node);
    let name = this.names.get(id);
    if (name === undefined) {
      name = this.unique.take(pascalCase(this.hints[id]!));
      this.names.set(id, name);
      this.pending.push({ id, node });
    }
    const ref: JsonSchemaObject = { tsType: name };
    if (typeof node.description === 'string') ref.description = node.description;
    return ref;
  }

  /** Declarations are built after the schema that first used them (their own shared parts included). */
  private drain(): void {
    while (this.pending.length > 0) {
      const { id, node } = this.pending.shift()!;
      this.declarations.push({ name: this.names.get(id)!, schema: this.replaceChildren(node) });
    }
  }
}

function childHint(hint: string, keyword: string, index?: number): string {
  if (keyword === 'items' || keyword === 'prefixItems') return `${hint} item`;
  if (keyword === 'additionalProperties') return `${hint} value`;
  if (index !== undefined && (keyword === 'anyOf' || keyword === 'oneOf')) return `${hint} option`;
  return hint;
}

/** Objects with properties and unions: the shapes a reader would want a name for. */
function worthNaming(node: JsonSchemaObject): boolean {
  return (
    (isPlainObject(node.properties) && Object.keys(node.properties).length > 0) ||
    Array.isArray(node.anyOf) ||
    Array.isArray(node.oneOf) ||
    Array.isArray(node.allOf)
  );
}
