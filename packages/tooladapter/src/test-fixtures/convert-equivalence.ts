import fc from 'fast-check';
import { type Conversion, type ConvertInputOptions, convert, fromCanonical, toCanonical } from '../index.js';
import { arbitraryFromSchema } from './arbitrary-from-schema.js';

/**
 * What `convert` and the two steps it stands for (`fromCanonical(toCanonical(…).tools[0], …)`)
 * return, as text two runs can be compared by: the value as JSON with key order and `undefined`
 * kept (frozen-ness is not compared: the two steps' value is partly the frozen canonical tool's),
 * losses, names, reading's losses and changes, and what `decode` and `encodeArgs` make of `args`;
 * or the error's class, code, reason, pointer and message.
 */
export function outcomeOf(
  run: () => Conversion & { readLosses: unknown; changes: unknown },
  args: readonly unknown[],
): string {
  try {
    const c = run();
    const calls = args.map((a) => `${attempt(() => c.decode(a))} ${attempt(() => c.encodeArgs(a))}`);
    return [
      plain(c.value),
      JSON.stringify(c.losses),
      JSON.stringify(c.names),
      JSON.stringify(c.readLosses),
      JSON.stringify(c.changes),
      ...calls,
    ].join('\n');
  } catch (error) {
    return errorLine(error);
  }
}

/** The two steps, with reading's findings alongside. */
export function twoSteps(raw: unknown, options: ConvertInputOptions) {
  const read = toCanonical(raw, options.from, options.read);
  const conversion = fromCanonical(read.tools[0]!, options.to, options.write);
  return { ...conversion, readLosses: read.losses, changes: read.changes };
}

/** `outcomeOf` both ways. */
export function bothWays(
  raw: unknown,
  options: ConvertInputOptions,
  args: readonly unknown[] = [],
): { direct: string; twoSteps: string } {
  return {
    direct: outcomeOf(() => convert(raw, options), args),
    twoSteps: outcomeOf(() => twoSteps(raw, options), args),
  };
}

/** A few argument objects for the canonical tool `raw` reads as (valid ones and odd ones). */
export function argsFor(raw: unknown, options: ConvertInputOptions, seed: number): unknown[] {
  const odd = [{}, null, { a: 'x' }];
  try {
    const tool = toCanonical(raw, options.from, options.read).tools[0];
    if (!tool) return odd;
    return [
      ...fc.sample(arbitraryFromSchema(tool.inputSchema, { maxDepth: 3 }), { numRuns: 3, seed }),
      ...odd,
    ];
  } catch {
    return odd;
  }
}

function attempt(run: () => unknown): string {
  try {
    return plain(run());
  } catch (error) {
    return errorLine(error);
  }
}

function errorLine(error: unknown): string {
  const e = error as { name?: string; code?: string; reason?: string; pointer?: string; message?: string };
  return `ERROR ${e.name} ${e.code} ${e.reason ?? ''} ${e.pointer ?? ''} ${e.message}`;
}

/** JSON with key order and `undefined` kept, without frozen marks. */
export function plain(value: unknown): string {
  if (value === null || typeof value !== 'object')
    return value === undefined ? 'undefined' : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(plain).join(',')}]`;
  const parts = Object.keys(value).map(
    (k) => `${JSON.stringify(k)}:${plain((value as Record<string, unknown>)[k])}`,
  );
  return `{${parts.join(',')}}`;
}
