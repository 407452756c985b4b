/** Size limits applied while loading a document, so hostile input fails fast with a typed error. */
export interface OpenApiLimits {
  /** Largest single file, in bytes. */
  maxFileBytes: number;
  /** Most bytes read across the root document and every file it references. */
  maxTotalBytes: number;
  /** Most files one document may pull in through `$ref`s. */
  maxFiles: number;
  /** Most JSON values (objects, arrays, primitives) in one file. */
  maxNodes: number;
  /** Deepest nesting in one file. */
  maxDepth: number;
  /** Most operations imported from one document. */
  maxOperations: number;
  /** Most schema nodes in one tool's input or output schema before shared parts move to `$defs`. */
  maxSchemaNodes: number;
}

export const DEFAULT_OPENAPI_LIMITS: Readonly<OpenApiLimits> = Object.freeze({
  maxFileBytes: 64 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxFiles: 10_000,
  maxNodes: 5_000_000,
  maxDepth: 256,
  maxOperations: 20_000,
  maxSchemaNodes: 10_000,
});
