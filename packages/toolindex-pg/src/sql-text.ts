/**
 * Postgres text cannot hold NUL characters (and jsonb refuses `\u0000`). Strings that go into filterable columns
 * (namespace, category, tags, annotations) are stored with NUL as U+FFFD, and filter values are mapped the same
 * way, so a hostile tag neither breaks a write nor matches anything it should not. The tool JSON itself is kept
 * as escaped JSON text, unchanged.
 */
export function sqlText(value: string): string {
  return value.includes('\0') ? value.replace(/\0/g, '\uFFFD') : value;
}

export function sqlTexts(values: readonly string[]): string[] {
  return values.map(sqlText);
}

/** A JSON value with every string passed through `sqlText`. */
export function sqlJson(value: unknown): unknown {
  if (typeof value === 'string') return sqlText(value);
  if (Array.isArray(value)) return value.map(sqlJson);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [sqlText(k), sqlJson(v)]));
  return value;
}
