import { isPlainObject, type Tool } from '@toolarsenal/toolmodel';
import { checkLimits } from '../check/common.js';
import { checkSchemaValidity } from '../check/schema-validity.js';
import { checkFieldsAndName, requireObject, type ToolFieldRules } from '../check/tool-shape.js';
import { ViolationList } from '../check/violation.js';
import { IDENTITY_ARGS } from '../decode/args-codec.js';
import { MCP_NAME_RULE } from '../names/name-rules.js';
import type { CheckOptions, DialectCodec, DialectLimits, Loss, ToCanonicalOptions } from '../types.js';
import { MCP_LIMITS } from './mcp.js';
import { decodeFlatTool, expectObject, fieldLosses, mergeLimits, renameLoss } from './shared.js';

/** LangChain sets no limits of its own: a LangChain tool is held to what an MCP tool may be (its name rule too). */
export const LANGCHAIN_LIMITS: DialectLimits = { ...MCP_LIMITS };

const NO_FIELDS: ReadonlySet<string> = new Set();
const FIELDS: ReadonlySet<string> = new Set([
  'name',
  'description',
  'schema',
  'returnDirect',
  'responseFormat',
  'metadata',
  'tags',
]);

const FIELD_RULES: ToolFieldRules = {
  rule: 'langchain',
  fields: FIELDS,
  nameRule: MCP_NAME_RULE,
  unknownField: (key) =>
    `"${key}" is not a field of a LangChain tool (name, description, schema, returnDirect, responseFormat, metadata, tags)`,
  badName: () => 'tool name must be 1–128 characters of [A-Za-z0-9_.-]',
};

/**
 * LangChain.js structured tool in its JSON form `{name, description, schema}` (what
 * `tool(fn, {name, description, schema})` takes with a plain JSON Schema). The schema is kept
 * as is; LangChain itself has no name rule, so names are kept to the MCP rule.
 */
export const langchainCodec: DialectCodec = {
  dialect: 'langchain',
  limits: LANGCHAIN_LIMITS,
  namePattern: MCP_NAME_RULE.pattern,
  encode(tool: Tool, targetName: string) {
    const value = { name: targetName, description: tool.description, schema: tool.inputSchema };
    const losses: Loss[] = [
      ...renameLoss(tool, targetName, 'LangChain'),
      ...fieldLosses(tool, 'LangChain', NO_FIELDS),
    ];
    return { value, losses, decode: IDENTITY_ARGS.decode, encodeArgs: IDENTITY_ARGS.encode };
  },
  decode(raw: unknown, options: ToCanonicalOptions) {
    const obj = expectObject(raw, '', 'a LangChain tool');
    return decodeFlatTool(
      obj,
      { schemaField: 'schema', fields: FIELDS, dialect: 'LangChain', source: 'langchain' },
      options,
    );
  },
  check(value: unknown, options: CheckOptions) {
    const out = new ViolationList();
    if (!requireObject(value, '', out, 'langchain.tool.object', 'a LangChain tool')) return out.items;
    const limits = mergeLimits(LANGCHAIN_LIMITS, options);
    checkFieldsAndName(value, FIELD_RULES, limits.maxNameLength, out);
    if (typeof value.description !== 'string')
      out.add('/description', 'langchain.description', 'description is required and must be a string');
    if (!isPlainObject(value.schema) || value.schema.type !== 'object')
      out.add(
        '/schema',
        'langchain.schema.object',
        'schema must be a JSON Schema with type: "object" (or a Zod object)',
      );
    if (isPlainObject(value.schema) && checkSchemaValidity(value.schema, '/schema', out))
      checkLimits(value.schema, '/schema', limits, out, 'langchain', false);
    return out.items;
  },
};
