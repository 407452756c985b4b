import type { JsonLimits, ParseToolOptions, SchemaChange, Tool, ToolInput } from '@toolarsenal/toolmodel';
import type { DocumentItem } from './documents.js';
import type { NamespaceOption } from './namespaces.js';

/** Every dialect tooladapter speaks. `legacy-function` is import-only; `a2a-skill` is lossy by nature. */
export const DIALECTS = [
  'mcp',
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'gemini-json',
  'langchain',
  'a2a-skill',
  'openapi-operation',
  'legacy-function',
] as const;
export type Dialect = (typeof DIALECTS)[number];

/** One thing a conversion changed or could not carry over: `{pointer, keyword, action, detail}`. */
export type Loss = SchemaChange;

/** Numeric limits of a target; every one is an option with the documented provider default. */
export interface DialectLimits {
  /** Deepest object nesting the target accepts. */
  maxNestingDepth: number;
  /** Most properties across the whole schema. */
  maxProperties: number;
  /** Most enum values across the whole schema. */
  maxEnumValues: number;
  /** Longest tool name. */
  maxNameLength: number;
  /** How many times a recursive `$ref` is unfolded where the target forbids recursion. */
  maxRecursionUnfold: number;
  /** Most characters of property names and enum strings across the schema (OpenAI strict: 120,000). */
  maxSchemaChars?: number;
}

export interface ConvertOptions {
  /** OpenAI strict mode / Anthropic strict tool use. Default: false, except `openai-responses` where the API defaults to true. */
  strict?: boolean;
  /** Override target limits (defaults per dialect in the README). */
  limits?: Partial<DialectLimits>;
  /**
   * Recursive `$ref`s where the target forbids recursion (Gemini, Anthropic strict): `unfold`
   * (default) unfolds `maxRecursionUnfold` times and cuts with a JSON-string stand-in; `error`
   * throws `ConversionError` (`reason: 'recursion-forbidden'`).
   */
  recursion?: 'unfold' | 'error';
  /**
   * Names already taken in the target namespace (for collision-free mapping when converting tools
   * one by one). `fromCanonicalMany` fills this itself.
   */
  reservedNames?: ReadonlySet<string>;
}

/**
 * A reversible name mapping produced with a conversion: `toTarget` maps a canonical tool id to the
 * name used in the target; `fromTarget` maps that name back to the canonical tool id. The maps
 * tooladapter returns are null-prototype objects: a lookup finds only their own entries (a tool
 * named `constructor` or `toString` included); spread, `Object.entries` and JSON work as on any
 * object, and `Object.hasOwn` replaces the `hasOwnProperty` method they lack. Maps given back as
 * options may be plain objects too.
 */
export interface NameMap {
  toTarget: Readonly<Record<string, string>>;
  fromTarget: Readonly<Record<string, string>>;
}

/** Decodes arguments a model produced against the lowered schema back to the canonical shape. */
export type ArgsDecoder = (args: unknown) => unknown;
/**
 * Encodes canonical arguments as a model would produce them against the lowered schema (the
 * inverse of `ArgsDecoder`): `decode(encodeArgs(x))` equals `x` for valid `x`.
 */
export type ArgsEncoder = (args: unknown) => unknown;

/** Result of converting one canonical tool to a dialect. */
export interface Conversion<T = unknown> {
  value: T;
  /** Everything the conversion changed or dropped; empty for a lossless conversion. */
  losses: Loss[];
  names: NameMap;
  decode: ArgsDecoder;
  /** Inverse of `decode`: canonical arguments → what a model produces against the lowered schema. */
  encodeArgs: ArgsEncoder;
}

/** Result of converting many tools: `value` is the dialect's document form (e.g. an OpenAI `tools` array). */
export interface ManyConversion<T = unknown> {
  value: T;
  /** Per-tool results in input order. */
  tools: Conversion[];
  /** All losses; pointers are prefixed with the tool's index (`/3/inputSchema/...`). */
  losses: Loss[];
  names: NameMap;
  /** Decodes a call made by the model: maps the target name back to the tool and its arguments to the canonical shape. */
  decodeCall(targetName: string, args: unknown): { tool: Tool; args: unknown };
  /** Inverse of `decodeCall`: the target name and lowered arguments for a call to a canonical tool id. */
  encodeCall(toolId: string, args: unknown): { name: string; args: unknown };
}

/** Options of `toCanonical`. */
export interface ToCanonicalOptions {
  /** Name map returned by a previous conversion: restores original names, namespaces and versions. */
  names?: NameMap;
  /** Undo lowering marks (description tags, strict nullable optionals, Gemini `nullable`). Default true. */
  restore?: boolean;
  /**
   * Limits on each tool definition (toolmodel's `ToolLimits`, default `DEFAULT_TOOL_LIMITS`:
   * 250,000 values, depth 128…), applied to every tool of a document separately.
   */
  limits?: ParseToolOptions['limits'];
  /** Bound on the whole input (default `DEFAULT_DOCUMENT_LIMITS`: 10 million values, depth 160…). */
  documentLimits?: Partial<JsonLimits>;
  /**
   * Namespace for the tools read: one for all, or per tool from its catalogue row
   * (`namespaceFromField('server')`); composed with a namespace a tool already has.
   */
  namespace?: NamespaceOption;
}

/** What `detectFormat` found: the dialect and whether `raw` is one tool or a document of tools. */
export interface DetectedFormat {
  dialect: Dialect;
  kind: 'tool' | 'document';
  /** Set when the tools come wrapped in catalogue rows (`{tool, server}`, `{function, entry_id}`). */
  wrapped?: true;
}

/** Result of reading dialect data back into canonical tools. */
export interface CanonicalResult {
  tools: Tool[];
  /** What was restored (`action: 'restored'`) and what could not be (dropped/rewritten). */
  losses: Loss[];
  /**
   * Normalisations toolmodel applied while validating (e.g. `$schema: draft-07` removed, since
   * canonical schemas are 2020-12): not losses, reported so nothing is silent.
   */
  changes: SchemaChange[];
}

/** A violation of a target's rules, found by `check`. */
export interface Violation {
  /** JSON pointer into the checked value. */
  pointer: string;
  /** Stable rule id, e.g. `openai.strict.additional-properties`. */
  rule: string;
  /** What is wrong, in the provider's own words where known (see shared/docs/dialects.md). */
  message: string;
}

export interface CheckOptions {
  /** Apply strict-mode rules (OpenAI structured outputs, Anthropic strict tool use) to tools that do not say. */
  strict?: boolean;
  /** Provider limits (properties, enum values, nesting…), defaults per dialect. */
  limits?: Partial<DialectLimits>;
  /** Safety limits on each tool definition (default `DEFAULT_JSON_LIMITS`: 250,000 values, depth 128…). */
  definitionLimits?: Partial<JsonLimits>;
  /** Safety bound on the whole input (default `DEFAULT_DOCUMENT_LIMITS`: 10 million values, depth 160…). */
  documentLimits?: Partial<JsonLimits>;
  /**
   * Namespace of the tools checked, so that tools of different servers in one catalogue may share
   * a name (`namespaceFromField('server')`); duplicate names are then looked for per namespace.
   */
  namespace?: NamespaceOption;
}

/** Internal contract each dialect codec implements. */
export interface DialectCodec {
  readonly dialect: Dialect;
  /** Default limits of this target. */
  readonly limits: DialectLimits;
  /** Target name rule; names failing it are mapped reversibly. */
  readonly namePattern: RegExp;
  /** Converts one canonical tool (with its already-mapped target name). Absent for import-only dialects. */
  encode?(tool: Tool, targetName: string, options: ConvertOptions): EncodedTool;
  /** Reads one tool of this dialect into a tool definition (validated afterwards by toolmodel). Absent for export-only. */
  decode?(raw: unknown, options: ToCanonicalOptions): { input: ToolInput; losses: Loss[] };
  /** Conformance check of one tool value of this dialect. */
  check(value: unknown, options: CheckOptions): Violation[];
  /** Wraps encoded tool values into the dialect's document form. Default: a plain array. */
  toDocument?(values: unknown[], tools: readonly Tool[]): unknown;
  /**
   * Splits a document of this dialect into single tool values with their pointers, or returns
   * `undefined` when `raw` is a single tool. Default: arrays are documents.
   */
  fromDocument?(raw: unknown): DocumentItem[] | undefined;
}

/** What a codec's `encode` returns for one tool. */
export interface EncodedTool {
  value: unknown;
  losses: Loss[];
  decode: ArgsDecoder;
  encodeArgs: ArgsEncoder;
}
