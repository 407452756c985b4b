import { InvalidArgumentError } from './errors.js';
import { joinPointer } from './json-pointer.js';
import { isPlainObject } from './safe-json.js';
import { walkSchema } from './schema-walk.js';
import { expectOptions, expectTool } from './tool-guard.js';
import type { Tool } from './tool-types.js';

export type LintSeverity = 'error' | 'warning' | 'info';

export interface LintFinding {
  /** Stable rule id, e.g. `prompt-injection`. */
  rule: string;
  severity: LintSeverity;
  /** JSON pointer into the tool. */
  pointer: string;
  message: string;
}

export interface LintOptions {
  /** Rules to skip, by id. */
  disable?: readonly string[];
}

/** Rule ids with their default severity; documented in the README. */
export const LINT_RULES = {
  'template-injection': 'error',
  'script-injection': 'error',
  'invisible-characters': 'error',
  'prompt-injection': 'error',
  'secret-in-metadata': 'error',
  'missing-description': 'warning',
  'short-description': 'warning',
  'parameter-without-description': 'info',
} as const satisfies Record<string, LintSeverity>;
export type LintRule = keyof typeof LINT_RULES;

const TEMPLATE = /\{\{[\s\S]{0,200}?\}\}|\{%[\s\S]{0,200}?%\}|\$\{[^}]{0,200}\}/;
const SCRIPT =
  /<\s*script\b|javascript\s*:|\bon(?:load|error|click|mouseover)\s*=|<\s*iframe\b|data\s*:\s*text\/html/i;
// Zero-width, bidi controls (Trojan Source), tag characters, BOM, soft hyphen and other invisibles.
const INVISIBLE =
  /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u00AD\uFEFF\u180E]|[\u{E0000}-\u{E007F}]/u;
const PROMPT_INJECTION = [
  /\b(?:ignore|disregard|forget|override)\b[^.\n]{0,40}\b(?:previous|prior|above|earlier|all|any|other)\b[^.\n]{0,40}\b(?:instructions?|prompts?|rules|messages?|directions)\b/i,
  /\byou\s+(?:must|should)\s+(?:always\s+)?(?:call|use|invoke)\s+this\s+tool\b/i,
  /\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention\s+(?:this\s+)?to|reveal\s+(?:this\s+)?to)\s+the\s+user\b/i,
  /<\s*(?:important|system|instructions?)\s*>/i,
  /\b(?:system\s+prompt|new\s+instructions?)\s*:/i,
  /\bbefore\s+using\s+(?:this|any\s+other)\s+tool\b[^.\n]{0,80}\b(?:read|send|pass)\b/i,
];
const SECRETS: ReadonlyArray<[RegExp, string]> = [
  [/\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}/, 'an API key (sk-…)'],
  [/\bAKIA[0-9A-Z]{16}\b/, 'an AWS access key id'],
  [/\bgh[pousr]_[A-Za-z0-9]{36,}\b/, 'a GitHub token'],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}/, 'a Slack token'],
  [/\bAIza[0-9A-Za-z_-]{35}\b/, 'a Google API key'],
  [/-----BEGIN (?:RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----/, 'a private key'],
  [/\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/, 'a JWT'],
  [
    /\b(?:password|passwd|secret|api[_-]?key|access[_-]?token)\s*[:=]\s*["']?[^\s"']{8,}/i,
    'a credential assignment',
  ],
];

/**
 * Flags risky metadata in a tool: injection payloads, invisible Unicode, prompt-injection
 * phrasing, leaked secrets, and thin documentation. Descriptions come from untrusted servers,
 * so run this before showing tools to a model.
 */
export function lintTool(tool: Tool, options: LintOptions = {}): LintFinding[] {
  expectTool(tool);
  expectOptions(options);
  if (options.disable !== undefined && !Array.isArray(options.disable))
    throw new InvalidArgumentError('options.disable', 'an array of rule ids', options.disable);
  const disabled = new Set(options.disable ?? []);
  const findings: LintFinding[] = [];
  const add = (rule: LintRule, pointer: string, message: string) => {
    if (!disabled.has(rule)) findings.push({ rule, severity: LINT_RULES[rule], pointer, message });
  };

  const texts = collectTexts(tool);
  for (const { pointer, value } of texts) {
    if (TEMPLATE.test(value))
      add(
        'template-injection',
        pointer,
        'contains template syntax ({{…}}, {%…%} or $-brace placeholders) that a renderer could execute',
      );
    if (SCRIPT.test(value))
      add(
        'script-injection',
        pointer,
        'contains script/HTML injection (<script, javascript:, on…= handlers)',
      );
    const invisible = INVISIBLE.exec(value);
    if (invisible) {
      const code = invisible[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      add('invisible-characters', pointer, `contains invisible or bidirectional control character U+${code}`);
    }
    if (PROMPT_INJECTION.some((re) => re.test(value)))
      add('prompt-injection', pointer, 'contains instructions aimed at the model (prompt injection)');
  }

  for (const { pointer, value } of collectMetadataStrings(tool)) {
    const hit = SECRETS.find(([re]) => re.test(value));
    if (hit) add('secret-in-metadata', pointer, `looks like ${hit[1]}; never ship secrets in tool metadata`);
  }

  const description = tool.description.trim();
  if (description === '')
    add(
      'missing-description',
      '/description',
      'description is empty; models pick tools by their description',
    );
  else if (description.split(/\s+/).length < 2 && !/[\u3000-\u9fff\uac00-\ud7af]/.test(description))
    add(
      'short-description',
      '/description',
      'one-word description; say what the tool does and when to use it',
    );

  walkSchema(
    tool.inputSchema,
    ({ schema, pointer }) => {
      if (!isPlainObject(schema.properties)) return;
      for (const [name, prop] of Object.entries(schema.properties)) {
        if (isPlainObject(prop) && typeof prop.description !== 'string' && typeof prop.$ref !== 'string') {
          add(
            'parameter-without-description',
            joinPointer(pointer, 'properties', name),
            `parameter "${name}" has no description`,
          );
        }
      }
    },
    '/inputSchema',
  );
  return findings;
}

interface TextAt {
  pointer: string;
  value: string;
}

/** Every string a model reads: descriptions, titles, examples, hints, schema descriptions/titles/enums. */
function collectTexts(tool: Tool): TextAt[] {
  const out: TextAt[] = [];
  const push = (pointer: string, value: unknown) => {
    if (typeof value === 'string' && value) out.push({ pointer, value });
  };
  push('/name', tool.name);
  push('/title', tool.title);
  push('/description', tool.description);
  push('/longDescription', tool.longDescription);
  push('/usageHints', tool.usageHints);
  tool.examples.forEach((e, i) => {
    push(`/examples/${i}`, e);
  });
  for (const [field, schema] of [
    ['inputSchema', tool.inputSchema],
    ['outputSchema', tool.outputSchema],
  ] as const) {
    walkSchema(
      schema,
      ({ schema: node, pointer }) => {
        push(joinPointer(pointer, 'description'), node.description);
        push(joinPointer(pointer, 'title'), node.title);
        if (Array.isArray(node.enum)) {
          node.enum.forEach((e, i) => {
            push(joinPointer(pointer, 'enum', i), e);
          });
        }
        if (isPlainObject(node.properties))
          for (const k of Object.keys(node.properties)) push(joinPointer(pointer, 'properties', k), k);
      },
      `/${field}`,
    );
  }
  return out;
}

/** Strings in free-form metadata and schema defaults/examples, where secrets tend to leak. */
function collectMetadataStrings(tool: Tool): TextAt[] {
  const out: TextAt[] = [];
  const visit = (value: unknown, pointer: string, depth: number) => {
    if (depth > 64) return;
    if (typeof value === 'string') out.push({ pointer, value });
    else if (Array.isArray(value)) {
      value.forEach((v, i) => {
        visit(v, `${pointer}/${i}`, depth + 1);
      });
    } else if (isPlainObject(value))
      for (const [k, v] of Object.entries(value)) visit(v, joinPointer(pointer, k), depth + 1);
  };
  visit(tool.sourceMeta, '/sourceMeta', 0);
  visit(tool.meta, '/meta', 0);
  visit(tool.sourceUri, '/sourceUri', 0);
  visit(tool.description, '/description', 0);
  visit(tool.inputSchema, '/inputSchema', 0);
  visit(tool.outputSchema, '/outputSchema', 0);
  return out;
}
