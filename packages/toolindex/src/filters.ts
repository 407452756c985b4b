import type { Tool } from '@toolarsenal/toolmodel';
import type { SearchFilters } from './types.js';

/** Compiles filters into one predicate (sets built once, not per tool). */
export function compileFilters(filters: SearchFilters = {}): (tool: Tool) => boolean {
  const namespaces = toSet(filters.namespaces);
  const categories = toSet(filters.categories);
  const sources = toSet(filters.sources);
  const tagsAny = toSet(filters.tags?.any);
  const tagsAll = filters.tags?.all ?? [];
  const tagsNone = toSet(filters.tags?.none);
  const required = filters.capabilities?.required ?? [];
  const excluded = toSet(filters.capabilities?.excluded);
  const excludeIds = toSet(filters.excludeIds);
  const annotations = Object.entries(filters.annotations ?? {}).filter(([, v]) => v !== undefined);
  const deprecated = filters.deprecated ?? 'exclude';
  const predicate = filters.predicate;
  return (tool) => {
    if (deprecated === 'exclude' && tool.deprecated) return false;
    if (deprecated === 'only' && !tool.deprecated) return false;
    if (excludeIds?.has(tool.id)) return false;
    if (namespaces && !namespaces.has(tool.namespace ?? '')) return false;
    if (categories && !categories.has(tool.category ?? '')) return false;
    if (sources && !sources.has(tool.source)) return false;
    if (tagsAny && !tool.tags.some((t) => tagsAny.has(t))) return false;
    if (tagsAll.length > 0 && !tagsAll.every((t) => tool.tags.includes(t))) return false;
    if (tagsNone && tool.tags.some((t) => tagsNone.has(t))) return false;
    if (required.length > 0 && !required.every((c) => tool.capabilities.includes(c))) return false;
    if (excluded && tool.capabilities.some((c) => excluded.has(c))) return false;
    for (const [key, value] of annotations) {
      if ((tool.annotations as Record<string, unknown>)[key] !== value) return false;
    }
    return predicate ? predicate(tool) === true : true;
  };
}

function toSet<T>(values: readonly T[] | undefined): ReadonlySet<T> | undefined {
  return values && values.length > 0 ? new Set(values) : undefined;
}
