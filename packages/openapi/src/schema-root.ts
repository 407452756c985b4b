import type { JsonSchema } from '@toolarsenal/toolmodel';
import type { Direction, RefMode, SchemaConverter } from './schema-convert.js';

/** One root schema under construction: collects the `$defs` its parts need. */
export class SchemaRoot {
  private readonly defs = new Set<object>();
  /** Some converted part holds a keyword validators refuse to compile (see `repairForValidators`). */
  suspect = false;

  constructor(
    private readonly converter: SchemaConverter,
    readonly direction: Direction,
    readonly mode: RefMode,
  ) {}

  /** `value`, or what it points at when it is a local `{$ref}` (parameters, bodies, responses). */
  deref(value: unknown): unknown {
    return this.converter.refs.deref(value);
  }

  convert(node: unknown): JsonSchema {
    const c = this.converter.convert(node, this.direction, this.mode);
    for (const d of c.defs) this.defs.add(d);
    if (c.suspect) this.suspect = true;
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
      if (body.suspect) this.suspect = true;
      for (const d of body.defs) if (!done.has(d)) queue.push(d);
    }
    return out;
  }
}
