/** What schema conversion dropped or rewrote across a document (reported as one summary warning each). */
export interface SchemaStats {
  /** `x-*` vendor extensions removed from schemas. */
  vendorExtensions: number;
  /** OpenAPI-only keywords removed (`xml`, `discriminator`, `externalDocs`, `$schema`, `$id`, dynamic refs…). */
  openapiKeywords: number;
  /** `example` values moved into JSON Schema `examples`. */
  examples: number;
  /** `nullable: true` rewritten as a `null` type. */
  nullable: number;
  /** Binary strings (`format: binary|byte`, Swagger `type: file`) rewritten as base64 strings. */
  binary: number;
  /** `readOnly` properties left out of inputs and `writeOnly` ones out of outputs. */
  directionalProperties: number;
  /** Array-valued `items` (invalid in OpenAPI 3.0) rewritten. */
  tupleItems: number;
  /** `$ref`s that could not be resolved, replaced by `{}`. */
  unresolvedRefs: number;
  /** Invalid keyword values dropped (e.g. `required: true` on a property). */
  invalidKeywords: number;
  /** `type: object|array` added to schemas that have `properties`/`required` or `items` but no type. */
  inferredTypes: number;
  /** Named schemas described by a summary schema instead of expanded (response schemas too large to carry). */
  shallowSchemas: number;
  /** Request bodies that only admit `{}` (e.g. Stripe's GET operations) left out of the input. */
  emptyBodies: number;
}

export function emptyStats(): SchemaStats {
  return {
    vendorExtensions: 0,
    openapiKeywords: 0,
    examples: 0,
    nullable: 0,
    binary: 0,
    directionalProperties: 0,
    tupleItems: 0,
    unresolvedRefs: 0,
    invalidKeywords: 0,
    inferredTypes: 0,
    emptyBodies: 0,
    shallowSchemas: 0,
  };
}
