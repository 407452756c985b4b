import {
  expectOptions,
  expectTool,
  InvalidArgumentError,
  inspectJson,
  isCanonicalTool,
  type Tool,
} from '@toolarsenal/toolmodel';
import { getCodec, nameRuleOf } from './codecs.js';
import { mergeLimits } from './codecs/shared.js';
import { ConversionError } from './errors.js';
import { mapNames } from './names/map-names.js';
import { oneEntry } from './names/name-dictionary.js';
import type {
  Conversion,
  ConvertOptions,
  Dialect,
  DialectCodec,
  EncodedTool,
  Loss,
  ManyConversion,
} from './types.js';

function expectEncoder(
  codec: DialectCodec,
): asserts codec is DialectCodec & Required<Pick<DialectCodec, 'encode'>> {
  if (!codec.encode)
    throw new ConversionError(
      'unsupported-direction',
      '',
      `${codec.dialect} is import-only: tools cannot be converted to it`,
    );
}

/**
 * Tools toolmodel built are validated and deep-frozen (`isCanonicalTool`: one set lookup); anything
 * else, frozen look-alikes included (a frozen value may still hold a cycle), is checked first.
 */
function guardTool(tool: unknown, pointer: string): void {
  if (isCanonicalTool(tool)) return;
  expectTool(tool, pointer ? `tools[${pointer.slice(1)}]` : 'tool');
  const issues = inspectJson(tool);
  if (issues.length > 0) {
    const first = issues[0]!;
    throw new ConversionError(
      'invalid-input',
      pointer + first.pointer,
      `tool is not plain, bounded JSON: ${first.message}`,
    );
  }
  if (typeof tool.name !== 'string' || typeof tool.inputSchema !== 'object' || tool.inputSchema === null)
    throw new ConversionError(
      'invalid-input',
      pointer,
      'not a canonical tool: build it with defineTool/parseTool',
    );
}

/** The options of a call that passes none: shared, so such a call allocates and checks nothing. */
const NO_OPTIONS: ConvertOptions = Object.freeze({});

function expectConvertOptions(options: ConvertOptions): void {
  if (options === NO_OPTIONS) return;
  expectOptions(options);
  if (options.strict !== undefined && typeof options.strict !== 'boolean')
    throw new InvalidArgumentError('options.strict', 'a boolean', options.strict);
  if (options.recursion !== undefined && options.recursion !== 'unfold' && options.recursion !== 'error')
    throw new InvalidArgumentError('options.recursion', '"unfold" or "error"', options.recursion);
  if (options.reservedNames !== undefined && !(options.reservedNames instanceof Set))
    throw new InvalidArgumentError('options.reservedNames', 'a Set of names', options.reservedNames);
}

/**
 * Converts one canonical tool to `target`: `{value, losses, names, decode, encodeArgs}`. `losses`
 * lists every change (empty when lossless); `names` maps the tool id to the target name;
 * `decode` turns the model's arguments back into the canonical shape.
 */
export function fromCanonical(tool: Tool, target: Dialect, options: ConvertOptions = NO_OPTIONS): Conversion {
  const codec = encoderOf(target, options);
  guardTool(tool, '');
  return encodeTool(codec, tool, options);
}

/** The codec of `target` after the checks of `fromCanonical`'s options and direction. */
export function encoderOf(
  target: Dialect,
  options: ConvertOptions,
): DialectCodec & Required<Pick<DialectCodec, 'encode'>> {
  expectConvertOptions(options);
  const codec = getCodec(target);
  expectEncoder(codec);
  return codec;
}

/** `fromCanonical` after its checks, for a tool toolmodel just built (`convert`'s transient one). */
export function encodeTool(
  codec: DialectCodec & Required<Pick<DialectCodec, 'encode'>>,
  tool: Tool,
  options: ConvertOptions,
): Conversion {
  const rule = nameRuleOf(
    codec,
    options.limits ? mergeLimits(codec.limits, options).maxNameLength : undefined,
  );
  const reserved = options.reservedNames;
  // A name the target accepts as it is (the usual case) needs no mapping work.
  const targetName =
    tool.name.length <= rule.maxLength && rule.pattern.test(tool.name) && !reserved?.has(tool.name)
      ? tool.name
      : mapNames([{ id: tool.id, name: tool.name }], rule, reserved).names[0]!;
  return conversionOf(codec.encode(tool, targetName, options), tool.id, targetName);
}

/** A conversion with its one-entry name maps. */
function conversionOf(encoded: EncodedTool, id: string, targetName: string): Conversion {
  return {
    value: encoded.value,
    losses: encoded.losses,
    names: {
      toTarget: oneEntry(id, targetName),
      fromTarget: oneEntry(targetName, id),
    },
    decode: encoded.decode,
    encodeArgs: encoded.encodeArgs,
  };
}

/**
 * Converts many tools into the target's document form (an MCP `tools/list` result, an OpenAI
 * `tools` array, Gemini `[{functionDeclarations}]` …) with names mapped collision-free across the
 * whole list; `decodeCall` routes a model's call back to its tool and canonical arguments.
 */
export function fromCanonicalMany(
  tools: readonly Tool[],
  target: Dialect,
  options: ConvertOptions = {},
): ManyConversion {
  if (!Array.isArray(tools)) throw new InvalidArgumentError('tools', 'an array of canonical tools', tools);
  expectConvertOptions(options);
  const codec = getCodec(target);
  expectEncoder(codec);
  for (let i = 0; i < tools.length; i++) guardTool(tools[i]!, `/${i}`);
  const { names, map } = mapNames(
    tools.map((t) => ({ id: t.id, name: t.name })),
    nameRuleOf(codec, options.limits ? mergeLimits(codec.limits, options).maxNameLength : undefined),
    options.reservedNames,
  );
  const conversions: Conversion[] = [];
  const losses: Loss[] = [];
  const byId = new Map<string, number>();
  tools.forEach((tool, i) => {
    const targetName = names[i]!;
    const encoded = codec.encode(tool, targetName, options);
    conversions.push(conversionOf(encoded, tool.id, targetName));
    for (const loss of encoded.losses) losses.push({ ...loss, pointer: `/${i}${loss.pointer}` });
    if (!byId.has(tool.id)) byId.set(tool.id, i);
  });
  const values = conversions.map((c) => c.value);
  const value = codec.toDocument ? codec.toDocument(values, tools) : values;
  const indexOfName = (targetName: string): number => {
    const id = Object.hasOwn(map.fromTarget, targetName) ? map.fromTarget[targetName] : undefined;
    const index = id === undefined ? undefined : byId.get(id);
    if (index === undefined)
      throw new ConversionError(
        'invalid-input',
        '',
        `no tool is called ${JSON.stringify(targetName.slice(0, 200))} in this conversion`,
      );
    return index;
  };
  return {
    value,
    tools: conversions,
    losses,
    names: map,
    decodeCall(targetName, args) {
      if (typeof targetName !== 'string')
        throw new InvalidArgumentError('targetName', 'a tool name string', targetName);
      const i = indexOfName(targetName);
      return { tool: tools[i]!, args: conversions[i]!.decode(args) };
    },
    encodeCall(toolId, args) {
      if (typeof toolId !== 'string') throw new InvalidArgumentError('toolId', 'a tool id string', toolId);
      const i = byId.get(toolId);
      if (i === undefined)
        throw new ConversionError(
          'invalid-input',
          '',
          `no tool with id ${JSON.stringify(toolId.slice(0, 200))} in this conversion`,
        );
      return { name: names[i]!, args: conversions[i]!.encodeArgs(args) };
    },
  };
}
