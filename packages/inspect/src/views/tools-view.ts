import { type LintFinding, lintTool, type Tool } from '@toolarsenal/toolmodel';
import type { HealthStatus } from '@toolarsenal/toolrun';
import { InspectError } from '../errors.js';
import { asObject, oneOf, optionalNumber, optionalString } from '../input.js';
import type { InspectTarget, ToolOrigin } from '../target.js';

const ANNOTATIONS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
const HEALTH = ['healthy', 'degraded', 'unhealthy'] as const;
/** Largest page the list endpoint serves. */
export const MAX_PAGE_SIZE = 200;

export interface ToolRow {
  id: string;
  name: string;
  namespace?: string;
  title?: string;
  description: string;
  source: string;
  origin: ToolOrigin;
  tags: readonly string[];
  annotations: Tool['annotations'];
  deprecated: boolean;
  health: HealthStatus;
  lint: { errors: number; warnings: number; infos: number };
}

export interface ToolPage {
  total: number;
  /** Tools matching the filters. */
  matched: number;
  offset: number;
  limit: number;
  tools: ToolRow[];
  facets: { sources: string[]; namespaces: string[]; tags: string[] };
}

/**
 * Lint runs once per tool (by content hash). The id map follows the target's tool list: it is rebuilt when
 * `tools()` hands back another array (a source listed new tools).
 */
export class ToolCatalog {
  private readonly lintCache = new Map<string, LintFinding[]>();
  private byId = new Map<string, Tool>();
  private indexed: readonly Tool[] | undefined;

  constructor(private readonly target: InspectTarget) {}

  get(id: string): Tool {
    const tool = this.ids().get(id);
    if (!tool)
      throw new InspectError('INSPECT_NOT_FOUND', `no tool with id ${JSON.stringify(id.slice(0, 200))}`);
    return tool;
  }

  has(id: string): boolean {
    return this.ids().has(id);
  }

  private ids(): Map<string, Tool> {
    const tools = this.target.tools();
    if (tools !== this.indexed) {
      this.byId = new Map(tools.map((tool) => [tool.id, tool]));
      this.indexed = tools;
      // Findings of tools that left are dropped with them.
      const hashes = new Set(tools.map((tool) => tool.contentHash));
      for (const hash of this.lintCache.keys()) if (!hashes.has(hash)) this.lintCache.delete(hash);
    }
    return this.byId;
  }

  lint(tool: Tool): LintFinding[] {
    let findings = this.lintCache.get(tool.contentHash);
    if (!findings) {
      findings = lintTool(tool);
      this.lintCache.set(tool.contentHash, findings);
    }
    return findings;
  }

  health(tool: Tool): HealthStatus {
    return this.target.health?.(tool)?.status ?? 'healthy';
  }

  /** `GET /api/tools`: filters (text, source, namespace, tag, annotation, health) and a page. */
  list(query: unknown): ToolPage {
    const q = asObject(query, 'query');
    const text = optionalString(q, 'q', 500)?.toLowerCase();
    const source = optionalString(q, 'source', 200);
    const namespace = optionalString(q, 'namespace', 200);
    const tag = optionalString(q, 'tag', 200);
    const annotation = oneOf(q, 'annotation', ANNOTATIONS);
    const health = oneOf(q, 'health', HEALTH);
    const offset = optionalNumber(q, 'offset', { min: 0, max: 1_000_000, integer: true }) ?? 0;
    const limit = optionalNumber(q, 'limit', { min: 1, max: MAX_PAGE_SIZE, integer: true }) ?? 50;
    const all = this.target.tools();
    const matches = all.filter(
      (tool) =>
        (!text || haystack(tool).includes(text)) &&
        (!source || tool.source === source || this.target.origin(tool).name === source) &&
        (namespace === undefined || (tool.namespace ?? '') === namespace) &&
        (!tag || tool.tags.includes(tag)) &&
        (!annotation || tool.annotations[annotation] === true) &&
        (!health || this.health(tool) === health),
    );
    return {
      total: all.length,
      matched: matches.length,
      offset,
      limit,
      tools: matches.slice(offset, offset + limit).map((tool) => this.row(tool)),
      facets: facets(all, this.target),
    };
  }

  row(tool: Tool): ToolRow {
    const findings = this.lint(tool);
    const count = (s: LintFinding['severity']) => findings.filter((f) => f.severity === s).length;
    return {
      id: tool.id,
      name: tool.name,
      ...(tool.namespace ? { namespace: tool.namespace } : {}),
      ...(tool.title ? { title: tool.title } : {}),
      description: tool.description.length > 300 ? `${tool.description.slice(0, 300)}…` : tool.description,
      source: tool.source,
      origin: this.target.origin(tool),
      tags: tool.tags,
      annotations: tool.annotations,
      deprecated: tool.deprecated,
      health: this.health(tool),
      lint: { errors: count('error'), warnings: count('warning'), infos: count('info') },
    };
  }

  /** `GET /api/tool?id=`: the canonical definition, lint findings, origin and health. */
  detail(query: unknown) {
    const q = asObject(query, 'query');
    const id = optionalString(q, 'id', 1_000);
    if (!id) throw new InspectError('INSPECT_BAD_REQUEST', '"id" is required');
    const tool = this.get(id);
    return {
      tool,
      lint: this.lint(tool),
      origin: this.target.origin(tool),
      health: this.target.health?.(tool) ?? null,
    };
  }
}

function haystack(tool: Tool): string {
  return `${tool.id} ${tool.title ?? ''} ${tool.description} ${tool.tags.join(' ')}`.toLowerCase();
}

const facetCache = new WeakMap<readonly Tool[], ToolPage['facets']>();

function facets(tools: readonly Tool[], target: InspectTarget): ToolPage['facets'] {
  const cached = facetCache.get(tools);
  if (cached) return cached;
  const sources = new Set<string>();
  const namespaces = new Set<string>();
  const tags = new Set<string>();
  for (const tool of tools) {
    sources.add(target.origin(tool).name ?? tool.source);
    namespaces.add(tool.namespace ?? '');
    for (const t of tool.tags) tags.add(t);
  }
  const sorted = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b));
  const out = { sources: sorted(sources), namespaces: sorted(namespaces), tags: sorted(tags) };
  facetCache.set(tools, out);
  return out;
}
