import {
  inspectJson,
  parseToolWithChanges,
  type SchemaChange,
  type Tool,
  ToolValidationError,
} from '@toolarsenal/toolmodel';
import { getCodec } from './codecs.js';
import { detectFormat } from './detect-format.js';
import { splitDocument } from './documents.js';
import { ConversionError } from './errors.js';
import type { CanonicalResult, Dialect, Loss, ToCanonicalOptions } from './types.js';

/**
 * Reads one tool or a whole document of `from` (detected when omitted) into canonical tools,
 * validated by toolmodel. Restores what lowering marked (description tags, strict-mode
 * nullable optionals, JSON-string stand-ins, Gemini enums and `nullable`, names from
 * `options.names`) and reports it; invalid input throws `ConversionError` naming the pointer.
 */
export function toCanonical(raw: unknown, from?: Dialect, options: ToCanonicalOptions = {}): CanonicalResult {
  const unsafe = inspectJson(raw);
  if (unsafe.length > 0) {
    const first = unsafe[0]!;
    throw new ConversionError(
      'invalid-input',
      first.pointer,
      `input is not plain, bounded JSON: ${first.message}`,
    );
  }
  const dialect = from ?? detectFormat(raw).dialect;
  const codec = getCodec(dialect);
  const decode = codec.decode;
  if (!decode)
    throw new ConversionError(
      'unsupported-direction',
      '',
      `${dialect} is export-only: it cannot be read back`,
    );
  const items = splitDocument(codec, raw) ?? [{ value: raw, pointer: '' }];
  const tools: Tool[] = [];
  const losses: Loss[] = [];
  const changes: SchemaChange[] = [];
  for (const { value, pointer } of items) {
    let decoded: ReturnType<typeof decode>;
    try {
      decoded = decode.call(codec, value, options);
    } catch (error) {
      if (pointer && ConversionError.isInstance(error))
        throw new ConversionError(
          error.reason,
          pointer + error.pointer,
          error.message.replace(/ \(at [^)]*\)$/, ''),
          { cause: error },
        );
      throw error;
    }
    for (const loss of decoded.losses)
      losses.push(pointer ? { ...loss, pointer: pointer + loss.pointer } : loss);
    try {
      const parsed = parseToolWithChanges(decoded.input, options.limits ? { limits: options.limits } : {});
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
