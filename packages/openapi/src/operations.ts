import { escapePointerSegment, isPlainObject } from '@toolarsenal/toolmodel';
import type { OpenApiProblem } from './errors.js';
import type { LoadedDocument } from './load-document.js';
import type { LocalRefs } from './local-refs.js';
import { type NameMapping, ToolNamer } from './naming.js';
import { HTTP_METHODS } from './source-meta.js';

/** An operation found under `paths`, named but not converted yet. */
export interface PendingOperation {
  method: string;
  path: string;
  pointer: string;
  pathItem: Record<string, unknown>;
  operation: unknown;
  mapping: NameMapping;
}

type Warn = (pointer: string, code: string, message: string) => void;

/** Every operation under `paths`, in document order, with a unique tool name each. */
export function listOperations(doc: LoadedDocument, maxNameLength: number, warn: Warn): PendingOperation[] {
  const paths = doc.api.paths;
  const out: PendingOperation[] = [];
  if (!isPlainObject(paths)) return out;
  const namer = new ToolNamer(maxNameLength);
  for (const path of Object.keys(paths)) {
    const pathItem = doc.refs.deref(paths[path]);
    const itemPointer = `/paths/${escapePointerSegment(path)}`;
    if (!isPlainObject(pathItem)) {
      warn(itemPointer, 'invalid_path_item', `path item "${path}" is not an object; ignored`);
      continue;
    }
    for (const method of HTTP_METHODS) {
      if (!Object.hasOwn(pathItem, method)) continue;
      const operation = doc.refs.deref(pathItem[method]);
      const operationId =
        isPlainObject(operation) && typeof operation.operationId === 'string'
          ? operation.operationId
          : undefined;
      out.push({
        method,
        path,
        pointer: `${itemPointer}/${method}`,
        pathItem,
        operation,
        mapping: namer.name(operationId, method, path),
      });
    }
  }
  return out;
}

/** operationId → pointers of the operations using it, for ids used more than once. */
export function findDuplicateOperationIds(pending: readonly PendingOperation[]): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  for (const op of pending) {
    const id = op.mapping.operationId;
    if (id === undefined) continue;
    const list = seen.get(id) ?? [];
    list.push(op.pointer);
    seen.set(id, list);
  }
  for (const [id, list] of seen) if (list.length < 2) seen.delete(id);
  return seen;
}

/** `{id}` placeholders of a path template, in order (`/a/{id}/b/{name}` → `id`, `name`). */
export function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
}

/** Parameters of a list that are objects with a name and a location. */
function declared(list: unknown, refs: LocalRefs): Array<{ name: string; in: string; index: number }> {
  if (!Array.isArray(list)) return [];
  const out: Array<{ name: string; in: string; index: number }> = [];
  list.forEach((item, index) => {
    const p = refs.deref(item);
    if (isPlainObject(p) && typeof p.name === 'string' && typeof p.in === 'string')
      out.push({ name: p.name, in: p.in, index });
  });
  return out;
}

/**
 * What the OpenAPI rules say about one operation beyond its JSON schema (the checks swagger-parser
 * ran for Swagger 2.0 only, stopping at the first, here for every version and all of them):
 * path placeholders and path parameters match, parameters are unique per location, Swagger 2.0
 * has at most one body parameter and never a body together with form data.
 */
export function checkOperation(op: PendingOperation, file: string, refs: LocalRefs): OpenApiProblem[] {
  const problems: OpenApiProblem[] = [];
  const problem = (pointer: string, code: string, message: string) =>
    problems.push({ file, pointer, code, message });
  if (!isPlainObject(op.operation)) return problems;
  const itemPointer = op.pointer.slice(0, op.pointer.lastIndexOf('/'));
  const own = declared(op.operation.parameters, refs);
  const shared = declared(op.pathItem.parameters, refs);
  for (const [list, at] of [
    [own, `${op.pointer}/parameters`],
    [shared, `${itemPointer}/parameters`],
  ] as const) {
    const keys = new Set<string>();
    for (const p of list) {
      const key = `${p.in}:${p.name}`;
      if (keys.has(key))
        problem(`${at}/${p.index}`, 'duplicate_parameter', `${p.in} parameter "${p.name}" is declared twice`);
      keys.add(key);
    }
  }
  const merged = new Map<string, { name: string; in: string }>();
  for (const p of [...shared, ...own]) merged.set(`${p.in}:${p.name}`, p);
  const params = [...merged.values()];
  const bodies = params.filter((p) => p.in === 'body').length;
  if (bodies > 1) problem(op.pointer, 'invalid_body', `${bodies} body parameters; at most one is allowed`);
  if (bodies > 0 && params.some((p) => p.in === 'formData'))
    problem(op.pointer, 'invalid_body', 'body and formData parameters together; only one kind is allowed');
  const placeholders = pathPlaceholders(op.path);
  const pathParams = new Set(params.filter((p) => p.in === 'path').map((p) => p.name));
  for (const name of new Set(placeholders)) {
    if (!pathParams.has(name))
      problem(
        op.pointer,
        'path_parameter_missing',
        `path placeholder {${name}} in "${op.path}" has no path parameter (a lenient import adds a required string parameter "${name}")`,
      );
  }
  for (const name of pathParams) {
    if (!placeholders.includes(name))
      problem(
        op.pointer,
        'path_parameter_unused',
        `path parameter "${name}" has no {${name}} placeholder in "${op.path}"`,
      );
  }
  return problems;
}
