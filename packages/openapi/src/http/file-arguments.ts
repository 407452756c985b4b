import { open, realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { isPlainObject, type JsonObject, type JsonValue } from '@toolarsenal/toolmodel';
import type { BodyMeta } from '../source-meta.js';
import { HttpCallError } from './errors.js';

/** Where file arguments (`"@<path>"` in place of base64) may be read from, and how much. */
export interface FileAccess {
  /** Directories files may be read from (symbolic links resolved before the check). */
  roots: readonly string[];
  /** Largest file read, in bytes. Default 50 MiB. */
  maxFileBytes?: number | undefined;
}

export const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;

/**
 * Replaces file references in the binary parts of a body — a string `"@<path>"` where base64 is
 * expected (base64 never starts with "@") — by the file's content as base64. Only files inside
 * `access.roots` are read; without `access`, a reference is an error naming the option.
 */
export async function readFileArguments(
  args: JsonObject,
  meta: BodyMeta | undefined,
  access: FileAccess | undefined,
): Promise<JsonObject> {
  if (!meta || args.body === undefined) return args;
  const body = args.body;
  if (meta.binary) {
    if (!isReference(body)) return args;
    return { ...args, body: await readReference(body, '/body', access) };
  }
  const files = meta.binaryProperties ?? [];
  if (files.length === 0 || !isPlainObject(body)) return args;
  let out: JsonObject | undefined;
  for (const name of files) {
    const value = body[name];
    const pointer = `/body/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    let next: JsonValue | undefined;
    if (isReference(value)) next = await readReference(value, pointer, access);
    else if (Array.isArray(value) && value.some(isReference))
      next = await Promise.all(
        value.map((v, i) => (isReference(v) ? readReference(v, `${pointer}/${i}`, access) : v)),
      );
    if (next === undefined) continue;
    out ??= { ...body };
    out[name] = next;
  }
  return out ? { ...args, body: out } : args;
}

/** Checks the executor's `files` option up front. */
export function checkFileAccess(value: unknown): void {
  if (value === undefined) return;
  const fail = (why: string) => new HttpCallError('OPENAPI_CALL_BAD_OPTION', `files${why}`);
  if (!isPlainObject(value)) throw fail(' must be an object {roots, maxFileBytes?}');
  const { roots, maxFileBytes } = value;
  if (!Array.isArray(roots) || roots.length === 0)
    throw fail('.roots must be a non-empty array of directories');
  roots.forEach((root, i) => {
    if (typeof root !== 'string' || root === '' || root.includes('\0'))
      throw fail(`.roots[${i}] must be a directory path`);
  });
  if (
    maxFileBytes !== undefined &&
    !(typeof maxFileBytes === 'number' && Number.isInteger(maxFileBytes) && maxFileBytes > 0)
  )
    throw fail('.maxFileBytes must be a positive integer');
}

function isReference(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('@');
}

async function readReference(
  value: string,
  pointer: string,
  access: FileAccess | undefined,
): Promise<string> {
  const bad = (why: string) => new HttpCallError('OPENAPI_CALL_BAD_ARGUMENT', `${pointer}: ${why}`);
  if (!access || access.roots.length === 0)
    throw bad('file references ("@<path>") are read only when the executor is given files.roots');
  const path = value.slice(1);
  if (path === '' || path.includes('\0')) throw bad('the file reference names no file');
  let real: string;
  try {
    real = await realpath(resolve(path));
  } catch {
    throw bad(`cannot read the file ${JSON.stringify(path)}`);
  }
  const roots = await Promise.all(access.roots.map((r) => realpath(resolve(r)).catch(() => undefined)));
  const inside = roots.some((root) => {
    if (root === undefined) return false;
    const rel = relative(root, real);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  });
  if (!inside) throw bad(`the file ${JSON.stringify(path)} is outside the allowed directories`);
  const max = access.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const handle = await open(real, 'r').catch(() => {
    throw bad(`cannot read the file ${JSON.stringify(path)}`);
  });
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw bad(`${JSON.stringify(path)} is not a regular file`);
    if (stat.size > max)
      throw bad(`the file ${JSON.stringify(path)} is ${stat.size} bytes; the limit is ${max}`);
    return (await handle.readFile()).toString('base64');
  } finally {
    await handle.close();
  }
}
