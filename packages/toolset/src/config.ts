import { readFile, stat } from 'node:fs/promises';
import { inspectJson, pathToPointer } from '@toolarsenal/toolmodel';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import { locate } from './config-locate.js';
import { configSchema, type ToolsetEntry } from './config-schema.js';
import { interpolate } from './env-interpolate.js';
import { type ConfigIssue, ToolsetConfigError } from './errors.js';
import { accessPolicySchema } from './policy-schema.js';
import type { AccessPolicySpec } from './policy-types.js';

export interface ConfigOptions {
  /** Name shown in errors (the path, for files). Default `<config>`. */
  file?: string;
  /** Default: from the file extension (`.json` → json), else yaml. */
  format?: 'yaml' | 'json';
  /** Variables for `${NAME}` interpolation. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Largest accepted file, in bytes. Default 5 MB. */
  maxBytes?: number;
}

/** A validated config: plain data, ready for `instantiateConfig`. */
export interface ToolsetConfig {
  file: string;
  policies: AccessPolicySpec[];
  toolsets: ToolsetEntry[];
  exposure?: { public?: string; partner?: string; local?: string };
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const KEY_CODES = new Set(['unknown_field', 'forbidden_key']);

/** Reads and validates a toolset/policy config file (YAML or JSON). Throws `ToolsetConfigError`. */
export async function loadToolsetConfigFile(
  path: string,
  options: Omit<ConfigOptions, 'file'> = {},
): Promise<ToolsetConfig> {
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const unreadable = (error: unknown): ToolsetConfigError =>
    new ToolsetConfigError(path, [
      { pointer: '', code: 'unreadable', message: `cannot read the file: ${(error as Error).message}` },
    ]);
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    throw unreadable(error);
  }
  if (!info.isFile())
    throw new ToolsetConfigError(path, [
      {
        pointer: '',
        code: 'not_a_file',
        message: `${info.isDirectory() ? 'is a directory' : 'is not a regular file'}; pass the path of a YAML or JSON config file`,
      },
    ]);
  if (info.size > max)
    throw new ToolsetConfigError(path, [
      { pointer: '', code: 'too_large', message: `file is ${info.size} bytes; the limit is ${max}` },
    ]);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw unreadable(error);
  }
  return parseToolsetConfig(text, { ...options, file: path });
}

const MAX_DEPTH = 64;
const TOO_DEEP = `the document nests too deeply to be read (a config nests at most ${MAX_DEPTH} levels)`;
const isStackOverflow = (error: unknown): boolean =>
  error instanceof RangeError || /Maximum call stack size exceeded/.test(String((error as Error)?.message));

/**
 * Parses and validates config text. Every problem is reported at once, each with a JSON pointer
 * and, where the parser can place it, line and column. `${NAME}` / `${NAME:-default}` are
 * interpolated in string values (never in keys); an unquoted value that is exactly one reference
 * takes the type its value spells (`true`, `42`), so `zeroTrust: ${ZERO_TRUST}` works.
 */
export function parseToolsetConfig(text: string, options: ConfigOptions = {}): ToolsetConfig {
  try {
    return parseConfig(text, options);
  } catch (error) {
    // Pathological nesting can exhaust the stack in the YAML parser or in the checks below.
    if (ToolsetConfigError.isInstance(error) || !isStackOverflow(error)) throw error;
    throw new ToolsetConfigError(options.file ?? '<config>', [
      { pointer: '', code: 'too_deep', message: TOO_DEEP },
    ]);
  }
}

function parseConfig(text: string, options: ConfigOptions): ToolsetConfig {
  const file = options.file ?? '<config>';
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const fail = (issues: ConfigIssue[]): never => {
    throw new ToolsetConfigError(file, issues);
  };
  if (typeof text !== 'string')
    fail([{ pointer: '', code: 'invalid_type', message: 'config text must be a string' }]);
  if (text.length > max)
    fail([
      { pointer: '', code: 'too_large', message: `config is ${text.length} characters; the limit is ${max}` },
    ]);
  const format = options.format ?? (/\.json$/i.test(file) ? 'json' : 'yaml');

  if (format === 'json') {
    try {
      JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message;
      const at = /position (\d+)/.exec(message);
      const pos = at ? lineColumn(text, Number(at[1])) : undefined;
      fail([{ pointer: '', code: 'json_syntax', message: `JSON syntax error: ${message}`, ...pos }]);
    }
  }

  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  if (doc.errors.some((e) => isStackOverflow(e)))
    fail([{ pointer: '', code: 'too_deep', message: TOO_DEEP }]);
  if (doc.errors.length > 0) {
    fail(
      doc.errors.slice(0, 20).map((e) => ({
        pointer: '',
        code:
          e.code === 'DUPLICATE_KEY' ? 'duplicate_key' : format === 'json' ? 'json_syntax' : 'yaml_syntax',
        message: `${format === 'json' ? 'JSON' : 'YAML'} ${e.code === 'DUPLICATE_KEY' ? 'duplicate key' : 'syntax error'}: ${e.message.split('\n')[0]}`,
        ...(e.linePos?.[0] && { line: e.linePos[0].line, column: e.linePos[0].col }),
      })),
    );
  }
  const issue = (path: readonly (string | number)[], code: string, message: string): ConfigIssue => ({
    pointer: pathToPointer(path as (string | number)[]),
    code,
    message,
    // unknown and forbidden keys point at the key itself, everything else at the value
    ...locate(doc.contents, lineCounter, path, KEY_CODES.has(code) ? 'key' : 'value'),
  });

  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    fail([
      { pointer: '', code: 'yaml_syntax', message: `cannot read the document: ${(error as Error).message}` },
    ]);
  }
  const unsafe = inspectJson(raw, { maxDepth: MAX_DEPTH, maxNodes: 500_000 });
  if (unsafe.length > 0) {
    fail(
      unsafe.map((u) =>
        issue(pointerSegments(u.pointer), u.code === 'forbidden_key' ? 'forbidden_key' : u.code, u.message),
      ),
    );
  }
  if (raw === null || raw === undefined)
    fail([
      {
        pointer: '',
        code: 'empty',
        message: 'config is empty; expected an object with "toolsets" and/or "policies"',
      },
    ]);

  // Interpolate on the syntax tree so each failure keeps its position.
  const envIssues: ConfigIssue[] = [];
  interpolateTree(doc.contents, [], options.env ?? process.env, envIssues, issue);
  if (envIssues.length > 0) fail(envIssues);
  const value = doc.toJS({ maxAliasCount: 100 }) as unknown;

  const parsed = configSchema.safeParse(value);
  if (!parsed.success) fail(zodIssues(parsed.error, [], issue));
  const data = parsed.data!;

  const issues: ConfigIssue[] = [];
  const policies: AccessPolicySpec[] = [];
  const policyIds = new Map<string, number>();
  (data.policies ?? []).forEach((p, i) => {
    const r = accessPolicySchema.safeParse(p);
    if (!r.success) issues.push(...zodIssues(r.error, ['policies', i], issue));
    else if (policyIds.has(r.data.id))
      issues.push(
        issue(
          ['policies', i, 'id'],
          'duplicate_id',
          `policy id ${JSON.stringify(r.data.id)} is already used by /policies/${policyIds.get(r.data.id)}`,
        ),
      );
    else {
      policyIds.set(r.data.id, i);
      policies.push(r.data);
    }
  });

  const toolsets = data.toolsets ?? [];
  const setIds = new Map<string, number>();
  toolsets.forEach((t, i) => {
    if (setIds.has(t.id))
      issues.push(
        issue(
          ['toolsets', i, 'id'],
          'duplicate_id',
          `toolset id ${JSON.stringify(t.id)} is already used by /toolsets/${setIds.get(t.id)}`,
        ),
      );
    else setIds.set(t.id, i);
  });
  toolsets.forEach((t, i) => {
    checkEntry(t, i, setIds, policyIds, issues, issue);
  });
  checkCycles(toolsets, setIds, issues, issue);
  for (const level of ['public', 'partner', 'local'] as const) {
    const ref = data.exposure?.[level];
    if (ref !== undefined && !setIds.has(ref))
      issues.push(
        issue(
          ['exposure', level],
          'unknown_reference',
          `exposure level ${level} refers to unknown toolset ${JSON.stringify(ref)}`,
        ),
      );
  }
  if (issues.length > 0) fail(issues);
  return { file, policies, toolsets, ...(data.exposure && { exposure: data.exposure }) };
}

type IssueFn = (path: readonly (string | number)[], code: string, message: string) => ConfigIssue;

const COMPOSE_KEYS = ['union', 'intersection', 'difference'] as const;
const FILTER_KEYS = [
  'namespace',
  'tagsAny',
  'tagsAll',
  'tagsNone',
  'category',
  'source',
  'capabilities',
  'annotations',
  'include',
  'exclude',
] as const;

function checkEntry(
  t: ToolsetEntry,
  i: number,
  setIds: Map<string, number>,
  policyIds: Map<string, number>,
  issues: ConfigIssue[],
  issue: IssueFn,
): void {
  const here = ['toolsets', i];
  const composed = COMPOSE_KEYS.filter((k) => t[k] !== undefined);
  if (composed.length + (t.extends !== undefined ? 1 : 0) > 1) {
    issues.push(
      issue(
        here,
        'invalid_entry',
        `a toolset uses at most one of extends, union, intersection, difference (found ${[...(t.extends !== undefined ? ['extends'] : []), ...composed].join(', ')})`,
      ),
    );
  }
  if (composed.length > 0) {
    const filters = FILTER_KEYS.filter((k) => t[k] !== undefined);
    if (filters.length > 0) {
      issues.push(
        issue(
          [...here, filters[0]!],
          'invalid_entry',
          `a ${composed[0]} toolset takes no filters (found ${filters.join(', ')}); filter in the operands or use extends`,
        ),
      );
    }
    for (const k of composed) {
      t[k]!.forEach((ref, j) => {
        if (!setIds.has(ref))
          issues.push(issue([...here, k, j], 'unknown_reference', `unknown toolset ${JSON.stringify(ref)}`));
      });
    }
  }
  if (t.extends !== undefined && !setIds.has(t.extends)) {
    issues.push(
      issue([...here, 'extends'], 'unknown_reference', `unknown toolset ${JSON.stringify(t.extends)}`),
    );
  }
  if (t.policy !== undefined) {
    if (typeof t.policy === 'string') {
      if (!policyIds.has(t.policy))
        issues.push(
          issue([...here, 'policy'], 'unknown_reference', `unknown policy ${JSON.stringify(t.policy)}`),
        );
    } else {
      const r = accessPolicySchema.safeParse(t.policy);
      if (!r.success) issues.push(...zodIssues(r.error, [...here, 'policy'], issue));
      else t.policy = r.data;
    }
  }
}

function checkCycles(
  toolsets: ToolsetEntry[],
  setIds: Map<string, number>,
  issues: ConfigIssue[],
  issue: IssueFn,
): void {
  const deps = (t: ToolsetEntry) => [
    ...(t.extends !== undefined ? [t.extends] : []),
    ...(t.union ?? []),
    ...(t.intersection ?? []),
    ...(t.difference ?? []),
  ];
  const state = new Map<string, 'visiting' | 'done'>();
  const reported = new Set<string>();
  const visit = (id: string, trail: string[]): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(id)), id];
      if (!reported.has(id)) {
        reported.add(id);
        issues.push(
          issue(
            ['toolsets', setIds.get(id)!],
            'cycle',
            `toolset references form a cycle: ${cycle.join(' → ')}`,
          ),
        );
      }
      return;
    }
    const index = setIds.get(id);
    if (index === undefined) return;
    state.set(id, 'visiting');
    for (const dep of deps(toolsets[index]!)) visit(dep, [...trail, id]);
    state.set(id, 'done');
  };
  for (const t of toolsets) visit(t.id, []);
}

function zodIssues(error: z.ZodError, prefix: readonly (string | number)[], issue: IssueFn): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  for (const i of error.issues.slice(0, 50)) {
    const path = [...prefix, ...(i.path as (string | number)[])];
    if (i.code === 'unrecognized_keys') {
      for (const key of i.keys)
        out.push(issue([...path, key], 'unknown_field', `unknown field ${JSON.stringify(key)}`));
    } else {
      const code =
        i.code === 'custom'
          ? String((i as { params?: { code?: string } }).params?.code ?? 'invalid_value')
          : i.code;
      out.push(issue(path, code, i.message));
    }
  }
  return out;
}

function interpolateTree(
  node: unknown,
  path: (string | number)[],
  env: Readonly<Record<string, string | undefined>>,
  issues: ConfigIssue[],
  issue: IssueFn,
): void {
  if (issues.length >= 50) return;
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '?';
      interpolateTree(pair.value, [...path, key], env, issues, issue);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => {
      interpolateTree(item, [...path, i], env, issues, issue);
    });
  } else if (isScalar(node) && typeof node.value === 'string' && node.value.includes('$')) {
    const original = node.value;
    const r = interpolate(original, env);
    if (!r.ok) {
      issues.push(issue(path, r.code, r.message));
      return;
    }
    const whole = /^\$\{[^}]*\}$/.test(original) && (node as YamlNode & { type?: string }).type === 'PLAIN';
    node.value = whole ? typed(r.value) : r.value;
  }
}

/** The type an unquoted YAML scalar would have: booleans, numbers, null, else the string. */
function typed(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null' || text === '~') return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}
