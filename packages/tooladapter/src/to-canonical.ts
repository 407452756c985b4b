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
  ToolValidationError,
} from '@toolarsenal/toolmodel';
import { getCodec, isDialect } from './codecs.js';
import { detectFormat, mismatchOf } from './detect-format.js';
import { documentItems } from './documents.js';
import { ConversionError, DialectMismatchError, UnknownDialectError } from './errors.js';
import { applyNamespace, validateNamespaceOption } from './namespaces.js';
import { DIALECTS, type CanonicalResult, type Dialect, type Loss, type ToCanonicalOptions } from './types.js';

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
  const decode = codec.decode;
  if (!decode)
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
  const tools: Tool[] = [];
  const losses: Loss[] = [];
  const changes: SchemaChange[] = [];
  for (const { value, pointer, row } of items) {
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
      decoded = decode.call(codec, value, options);
      const namespace = applyNamespace(
        options.namespace,
        { row, pointer, name: decoded.input.name },
        decoded.input.namespace,
      );
      if (namespace !== undefined) decoded.input.namespace = namespace;
    } catch (error) {
      throw relocate(error, pointer);
    }
    for (const loss of decoded.losses)
      losses.push(pointer ? { ...loss, pointer: pointer + loss.pointer } : loss);
    try {
      const parsed = parseToolWithChanges(decoded.input, { limits: toolLimits, inspected });
      tools.push(parsed.tool);
      for (const change of parsed.changes)
        changes.push(pointer ? { ...change, pointer: pointer + change.pointer } : change);
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
  return { tools, losses, changes };
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
