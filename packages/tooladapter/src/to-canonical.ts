import {
  DEFAULT_DOCUMENT_LIMITS,
  DEFAULT_TOOL_LIMITS,
  expectOptions,
  inspectJson,
  JsonInspection,
  parseToolWithChanges,
  pickJsonLimits,
  resolveLimits,
  type SchemaChange,
  type Tool,
  type ToolInput,
  type ToolLimits,
  ToolValidationError,
} from '@toolarsenal/toolmodel';
import { getCodec, isDialect } from './codecs.js';
import { detectFormat, mismatchOf } from './detect-format.js';
import { type DocumentItem, documentItems } from './documents.js';
import { ConversionError, DialectMismatchError, UnknownDialectError } from './errors.js';
import { applyNamespace, validateNamespaceOption } from './namespaces.js';
import {
  type CanonicalResult,
  DIALECTS,
  type Dialect,
  type DialectCodec,
  type Loss,
  type ToCanonicalOptions,
} from './types.js';

/**
 * Reads one tool or a whole document of `from` (detected when omitted) into canonical tools,
 * validated by toolmodel. Catalogue rows wrapping a tool (`{tool, server}`, `{function,
 * entry_id}`) are read through the wrapper, and `options.namespace` namespaces what is read.
 * Restores what lowering marked (description tags, strict-mode nullable optionals, JSON-string
 * stand-ins, Gemini enums and `nullable`, names from `options.names`) and reports it.
 *
 * Limits: `options.documentLimits` bound the whole input, `options.limits` each tool definition.
 * Invalid input throws `ConversionError` naming the pointer; input that is not in `from` at all
 * throws `DialectMismatchError`; `FormatDetectionError` when `from` is omitted and the dialect
 * cannot be told.
 */
export function toCanonical(raw: unknown, from?: Dialect, options: ToCanonicalOptions = {}): CanonicalResult {
  const { dialect, codec, items, toolLimits } = prepareRead(raw, from, options);
  const tools: Tool[] = [];
  const losses: Loss[] = [];
  const changes: SchemaChange[] = [];
  for (const item of items) {
    const read = readItem(codec, dialect, item, options, toolLimits, false);
    tools.push(read.tool);
    appendAll(losses, read.losses);
    appendAll(changes, read.changes);
  }
  return { tools, losses, changes };
}

/** What `toCanonical` reads, once its options, dialect, document and dialect match are checked. */
export interface PreparedRead {
  dialect: Dialect;
  codec: DialectCodec;
  items: DocumentItem[];
  toolLimits: ToolLimits;
}

/**
 * `toCanonical` up to reading each tool: the checks of its options, the dialect (detected when
 * `from` is omitted), the document split, the whole-document bound and the dialect match, in
 * that order and with the same errors.
 */
export function prepareRead(
  raw: unknown,
  from: Dialect | undefined,
  options: ToCanonicalOptions,
): PreparedRead {
  expectOptions(options);
  if (from !== undefined && !isDialect(from)) throw new UnknownDialectError(String(from), DIALECTS);
  validateNamespaceOption(options.namespace);
  const documentLimits = pickJsonLimits(
    options.documentLimits,
    DEFAULT_DOCUMENT_LIMITS,
    'options.documentLimits',
  );
  const toolLimits = resolveLimits(DEFAULT_TOOL_LIMITS, options.limits, 'options.limits');
  // A document is bounded as a whole, then each tool on its own; a single tool needs only the
  // (stricter) per-definition walk below. Splitting reads nothing but top-level fields.
  const dialect = from ?? detectFormat(raw, { documentLimits }).dialect;
  const codec = getCodec(dialect);
  if (!codec.decode)
    throw new ConversionError(
      'unsupported-direction',
      '',
      `${dialect} is export-only: it cannot be read back`,
    );
  const { items, document } = documentItems(codec, raw);
  const single = !document && items.length === 1 && items[0]!.value === raw;
  if (from !== undefined && !single) {
    const unsafe = inspectJson(raw, documentLimits);
    if (unsafe.length > 0) {
      const first = unsafe[0]!;
      throw new ConversionError(
        'invalid-input',
        first.pointer,
        `input is not plain, bounded JSON: ${first.message}`,
      );
    }
  }
  if (from !== undefined)
    for (const item of items) {
      const looksLike = mismatchOf(item.value, dialect);
      if (looksLike) throw new DialectMismatchError(dialect, looksLike, item.pointer);
    }
  return { dialect, codec, items, toolLimits };
}

/**
 * One tool value of `toCanonical`'s input, read: inspected, decoded, namespaced and validated by
 * toolmodel, with its losses and changes located by the item's pointer. `transient` builds the
 * tool unfrozen (toolmodel's `transient`) for a caller that lowers it on the spot and drops it.
 */
export function readItem(
  codec: DialectCodec,
  dialect: Dialect,
  { value, pointer, row }: DocumentItem,
  options: ToCanonicalOptions,
  toolLimits: ToolLimits,
  transient: boolean,
): { tool: Tool; losses: Loss[]; changes: SchemaChange[] } {
  // parseTool's own walk counts the subtrees this one found clean (the schemas the decoded
  // definition reuses) instead of walking them again.
  const inspected = new JsonInspection();
  const itemUnsafe = inspectJson(value, toolLimits, pointer, inspected);
  if (itemUnsafe.length > 0) {
    const first = itemUnsafe[0]!;
    throw new ConversionError(
      'invalid-input',
      first.pointer,
      `tool is not plain, bounded JSON: ${first.message}`,
    );
  }
  let decoded: { input: ToolInput; losses: Loss[] };
  try {
    decoded = codec.decode!(value, options);
    const namespace = applyNamespace(
      options.namespace,
      { row, pointer, name: decoded.input.name },
      decoded.input.namespace,
    );
    if (namespace !== undefined) decoded.input.namespace = namespace;
  } catch (error) {
    throw relocate(error, pointer);
  }
  const losses = pointer
    ? decoded.losses.map((loss) => ({ ...loss, pointer: pointer + loss.pointer }))
    : decoded.losses;
  try {
    const parsed = parseToolWithChanges(decoded.input, { limits: toolLimits, inspected, transient });
    const changes = pointer
      ? parsed.changes.map((change) => ({ ...change, pointer: pointer + change.pointer }))
      : parsed.changes;
    return { tool: parsed.tool, losses, changes };
  } catch (error) {
    if (ToolValidationError.isInstance(error)) {
      const first = error.issues[0];
      throw new ConversionError(
        'invalid-input',
        pointer + (first?.pointer ?? ''),
        `invalid ${dialect} tool: ${error.message}`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** `target.push(...items)` without the spread call. */
function appendAll<T>(target: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) target.push(items[i]!);
}

/** A codec's error with the document pointer of the tool in front of its own. */
function relocate(error: unknown, pointer: string): unknown {
  if (!pointer || !ConversionError.isInstance(error) || error.pointer.startsWith(pointer)) return error;
  return new ConversionError(
    error.reason,
    pointer + error.pointer,
    error.message.replace(/ \(at [^)]*\)$/, ''),
    {
      cause: error,
    },
  );
}
