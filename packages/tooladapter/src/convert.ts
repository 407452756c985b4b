import { expectOptions, InvalidArgumentError, type SchemaChange } from '@toolarsenal/toolmodel';
import { ConversionError } from './errors.js';
import { encodeTool, encoderOf, fromCanonicalMany } from './from-canonical.js';
import { prepareRead, readItem, toCanonical } from './to-canonical.js';
import type {
  Conversion,
  ConvertOptions,
  Dialect,
  Loss,
  ManyConversion,
  ToCanonicalOptions,
} from './types.js';

/** What to convert from and to: `{from, to}` plus the options of each step. */
export interface ConvertInputOptions {
  /** Dialect of the input; detected when omitted (as `toCanonical` does). */
  from?: Dialect;
  /** Dialect to write. */
  to: Dialect;
  /** Options of reading the input (`toCanonical`'s: limits, names, namespace, restore…). */
  read?: ToCanonicalOptions;
  /** Options of writing the target (`fromCanonical`'s: strict, limits, recursion, reservedNames). */
  write?: ConvertOptions;
}

/** Reading's findings, next to the conversion. */
export interface ReadFindings {
  /** What reading the input restored or could not keep (`toCanonical`'s `losses`). */
  readLosses: Loss[];
  /** Normalisations toolmodel applied while validating (`toCanonical`'s `changes`). */
  changes: SchemaChange[];
}

/** `convert`'s result: the target's conversion, plus what reading the input found. */
export type InputConversion<T = unknown> = Conversion<T> & ReadFindings;

/** `convertMany`'s result: the target's document conversion, plus what reading the input found. */
export type InputManyConversion<T = unknown> = ManyConversion<T> & ReadFindings;

// Shared for the usual call without step options (nothing writes to options).
const NO_READ_OPTIONS: ToCanonicalOptions = Object.freeze({});
const NO_WRITE_OPTIONS: ConvertOptions = Object.freeze({});

function expectConvertInput(options: unknown): asserts options is ConvertInputOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new InvalidArgumentError('options', 'an object ({from, to, read, write})', options);
  expectOptions(options);
  const { to } = options as { to?: unknown };
  if (typeof to !== 'string') throw new InvalidArgumentError('options.to', 'a dialect name', to);
}

/**
 * Converts one tool of `from` (a tool, or a document or catalogue row holding exactly one) straight
 * to `to`: the same value, losses, names, `decode`/`encodeArgs` and errors as
 * `fromCanonical(toCanonical(raw, from, read).tools[0], to, write)`, plus reading's `readLosses` and
 * `changes`, without building a frozen canonical tool only to drop it. Every check of the two steps
 * runs, in their order. The value shares nothing with `raw`; unlike the two steps', none of it is
 * frozen. A document of several tools throws `ConversionError` (use `convertMany`).
 */
export function convert(raw: unknown, options: ConvertInputOptions): InputConversion {
  expectConvertInput(options);
  const read = options.read ?? NO_READ_OPTIONS;
  const prepared = prepareRead(raw, options.from, read);
  if (prepared.items.length !== 1)
    throw new ConversionError(
      'invalid-input',
      '',
      `convert reads one tool, and this ${prepared.dialect} input holds ${prepared.items.length}; use convertMany`,
    );
  const { tool, losses, changes } = readItem(
    prepared.codec,
    prepared.dialect,
    prepared.items[0]!,
    read,
    prepared.toolLimits,
    true,
  );
  const write = options.write ?? NO_WRITE_OPTIONS;
  const conversion = encodeTool(encoderOf(options.to, write), tool, write) as InputConversion;
  conversion.readLosses = losses;
  conversion.changes = changes;
  return conversion;
}

/**
 * Converts every tool of a `from` document (or one tool) to `to`'s document form: the same as
 * `fromCanonicalMany(toCanonical(raw, from, read).tools, to, write)`, plus reading's `readLosses`
 * and `changes`. `decodeCall` hands back canonical tools, so they are built frozen as usual.
 */
export function convertMany(raw: unknown, options: ConvertInputOptions): InputManyConversion {
  expectConvertInput(options);
  const read = toCanonical(raw, options.from, options.read ?? {});
  const conversion = fromCanonicalMany(read.tools, options.to, options.write ?? {}) as InputManyConversion;
  conversion.readLosses = read.losses;
  conversion.changes = read.changes;
  return conversion;
}
