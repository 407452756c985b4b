/** What schema conversion dropped or rewrote across a document (reported as one summary warning each). */
export type SchemaStatKey =
  /** `x-*` vendor extensions removed from schemas. */
  | 'vendorExtensions'
  /** OpenAPI-only keywords removed (`xml`, `discriminator`, `externalDocs`, `$schema`, `$id`, dynamic refs…). */
  | 'openapiKeywords'
  /** `example` values moved into JSON Schema `examples`. */
  | 'examples'
  /** `nullable: true` rewritten as a `null` type. */
  | 'nullable'
  /** Binary strings (`format: binary|byte`, Swagger `type: file`) rewritten as base64 strings. */
  | 'binary'
  /** `readOnly` properties left out of inputs and `writeOnly` ones out of outputs. */
  | 'directionalProperties'
  /** Array-valued `items` (invalid in OpenAPI 3.0) rewritten. */
  | 'tupleItems'
  /** `$ref`s that could not be resolved, replaced by `{}`. */
  | 'unresolvedRefs'
  /** Invalid keyword values dropped (e.g. `required: true` on a property). */
  | 'invalidKeywords'
  /** `type: object|array` added to schemas that have `properties`/`required` or `items` but no type. */
  | 'inferredTypes'
  /** Named schemas described by a summary schema instead of expanded (response schemas too large to carry). */
  | 'shallowSchemas'
  /** Operations whose request body only admits `{}` (e.g. Stripe's GET operations), left out of the input. */
  | 'emptyBodies';

/**
 * Counts what conversion changed, once per place in the document: a schema converted several
 * times (for an input and an output, inline and again with `$defs`, or shared by many operations)
 * is counted once, so the reported numbers are exact counts of places in the source.
 */
export class SchemaStats {
  private readonly places = new Map<SchemaStatKey, Map<object, Set<string>>>();

  /** Records one change of kind `key` at `detail` (a keyword or property name) of the source object `owner`. */
  note(key: SchemaStatKey, owner: object, detail = ''): void {
    let byOwner = this.places.get(key);
    if (!byOwner) {
      byOwner = new Map();
      this.places.set(key, byOwner);
    }
    const details = byOwner.get(owner);
    if (details) details.add(detail);
    else byOwner.set(owner, new Set([detail]));
  }

  /** Number of distinct places changed for `key`. */
  count(key: SchemaStatKey): number {
    let total = 0;
    for (const details of this.places.get(key)?.values() ?? []) total += details.size;
    return total;
  }
}
