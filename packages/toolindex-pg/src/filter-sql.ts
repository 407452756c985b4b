import type { SearchContext, SearchFilters } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import { sqlJson, sqlTexts } from './sql-text.js';

/**
 * Search filters as a SQL condition over `tools t`, values as parameters (never spliced into the text). Every
 * declarative filter is pushed down; what only JavaScript can decide — `filters.predicate` and a `health`
 * function — is reported in `residual` and applied to the retrieved pool.
 */
export interface FilterSql {
  /** Conditions joined with AND ('TRUE' when none). */
  where: string;
  /** True when the condition is more than the default deprecation rule (counts and means need a scan). */
  narrowed: boolean;
  /** Which deprecation rule applies: exclude (default), include or only. */
  deprecated: 'exclude' | 'include' | 'only';
  residual: { predicate?: (tool: Tool) => boolean; health?: boolean };
}

/** Builds the condition; `params` receives the values, `$n` numbering continues from its length. */
export function filterSql(
  filters: SearchFilters,
  context: SearchContext | undefined,
  params: unknown[],
): FilterSql {
  const parts: string[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const list = (values: readonly string[] | undefined) =>
    values && values.length > 0 ? sqlTexts(values) : undefined;
  const deprecated = filters.deprecated ?? 'exclude';
  if (deprecated === 'exclude') parts.push('NOT t.deprecated');
  if (deprecated === 'only') parts.push('t.deprecated');
  let narrowed = deprecated === 'only';
  const push = (sql: string) => {
    parts.push(sql);
    narrowed = true;
  };
  const excludeIds = list(filters.excludeIds);
  if (excludeIds) push(`NOT (t.id = ANY(${add(excludeIds)}::text[]))`);
  const namespaces = list(filters.namespaces);
  if (namespaces) push(`t.namespace = ANY(${add(namespaces)}::text[])`);
  const categories = list(filters.categories);
  if (categories) push(`t.category = ANY(${add(categories)}::text[])`);
  const sources = list(filters.sources);
  if (sources) push(`t.source = ANY(${add(sources)}::text[])`);
  const tagsAny = list(filters.tags?.any);
  if (tagsAny) push(`t.tags && ${add(tagsAny)}::text[]`);
  const tagsAll = list(filters.tags?.all);
  if (tagsAll) push(`t.tags @> ${add(tagsAll)}::text[]`);
  const tagsNone = list(filters.tags?.none);
  if (tagsNone) push(`NOT (t.tags && ${add(tagsNone)}::text[])`);
  const required = list(filters.capabilities?.required);
  if (required) push(`t.capabilities @> ${add(required)}::text[]`);
  const excluded = list(filters.capabilities?.excluded);
  if (excluded) push(`NOT (t.capabilities && ${add(excluded)}::text[])`);
  const annotations = Object.fromEntries(
    Object.entries(filters.annotations ?? {}).filter(([, v]) => v !== undefined),
  );
  // Containment is exact equality per key, as in memory (a tool without the annotation does not match).
  if (Object.keys(annotations).length > 0)
    push(`t.annotations @> ${add(JSON.stringify(sqlJson(annotations)))}::jsonb`);
  const residual: FilterSql['residual'] = {};
  if (filters.predicate) residual.predicate = filters.predicate;
  const health = context?.health;
  if (health !== undefined && context?.includeUnhealthy !== true) {
    if (typeof health === 'function') residual.health = true;
    else {
      // A tool is unhealthy when its id's value (else its name's) is 0 after clamping to 0..1.
      const zero = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v <= 0;
      const keys = Object.keys(health);
      const zeroKeys = keys.filter((k) => zero(health[k]));
      if (zeroKeys.length > 0) {
        const byId = add(zeroKeys);
        const allKeys = add(keys);
        push(
          `NOT (t.id = ANY(${byId}::text[]) OR (t.name = ANY(${byId}::text[]) AND NOT t.id = ANY(${allKeys}::text[])))`,
        );
      }
    }
  }
  return { where: parts.length > 0 ? parts.join(' AND ') : 'TRUE', narrowed, deprecated, residual };
}
