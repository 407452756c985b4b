import type { OpenApiProblem } from './errors.js';
import { dereferenceFiles } from './external-refs.js';
import type { OpenApiLimits } from './limits.js';
import { LocalRefs } from './local-refs.js';
import type { ImportPhase } from './progress.js';
import { hasExternalRef, type OpenApiSource, readSource, type SpecKind } from './read-source.js';
import { validateAgainstMetaSchema } from './spec-schema.js';

export type { OpenApiSource, SpecKind } from './read-source.js';

export interface LoadOptions {
  /** Directory relative `$ref`s of an in-memory document resolve against (enables external refs for it). */
  baseDir?: string | undefined;
  /** Follow `$ref`s into other files (default true). URLs are never fetched. */
  externalRefs?: boolean | undefined;
  /** Directory external `$ref`s must stay inside (default: anywhere, but only .json/.yaml/.yml files). */
  refRoot?: string | undefined;
  /** How a string source is read: a file path, the document's text, or guessed (default). */
  sourceKind?: 'path' | 'text' | undefined;
  /** Name of an in-memory document in messages (default `<string>` / `<object>`). */
  sourceName?: string | undefined;
  limits: OpenApiLimits;
  /** Called as each phase starts. */
  onPhase?: ((phase: ImportPhase) => void) | undefined;
}

export interface LoadedDocument {
  /**
   * The document: as written (local `$ref`s resolved on demand through `refs`), or, when it spans
   * several files, dereferenced (circular `$ref`s become object cycles).
   */
  api: Record<string, unknown>;
  /** Resolves the local `$ref`s operations reach; names the schemas they point at. */
  refs: LocalRefs;
  /** How the user named the document (`<string>`/`<object>` for in-memory ones). */
  file: string;
  /** Absolute path of the root document, when it came from a file. */
  path?: string | undefined;
  kind: SpecKind;
  openapiVersion: string;
  /** Validation problems (meta-schema validation, unresolvable refs); `$ref`s add to it as they are met. */
  problems: OpenApiProblem[];
  /** Milliseconds spent validating and resolving other files. */
  dereferenceMs: number;
}

/**
 * Reads, guards and validates a document once. A single-file document is used as written: its
 * `$ref`s are followed as operations reach them (most components of a large API are never visited,
 * and the caller's object is never modified). A document with `$ref`s into other files is read and
 * dereferenced as a whole (see `dereferenceFiles`).
 */
export async function loadDocument(source: OpenApiSource, options: LoadOptions): Promise<LoadedDocument> {
  const onPhase = options.onPhase ?? (() => undefined);
  onPhase('read');
  const read = await readSource(source, options);
  const { root, file, kind } = read;
  const started = performance.now();
  const problems: OpenApiProblem[] = [];
  const followFiles =
    (options.externalRefs ?? true) &&
    (read.text !== undefined
      ? read.path !== undefined || options.baseDir !== undefined
      : options.baseDir !== undefined) &&
    (read.text === undefined || hasExternalRef(read.text));
  let api = root;
  let refs: LocalRefs;
  if (followFiles) {
    const loaded = await dereferenceFiles({
      ...options,
      root,
      file,
      path: read.path,
      kind,
      problems,
      onPhase,
    });
    api = loaded.api;
    // Whatever local refs remain could not be resolved, and were reported by the ref parser already.
    refs = new LocalRefs(api, file, problems, loaded.names, false);
  } else {
    onPhase('validate');
    problems.push(...validateAgainstMetaSchema(root, kind, file));
    onPhase('dereference');
    refs = new LocalRefs(root, file, problems, new WeakMap());
  }
  return {
    api,
    refs,
    file,
    path: read.path,
    kind,
    openapiVersion: read.openapiVersion,
    problems,
    dereferenceMs: performance.now() - started,
  };
}
