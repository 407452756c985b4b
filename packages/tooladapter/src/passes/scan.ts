import {
  isPlainObject,
  SUBSCHEMA_ARRAY_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from '@toolarsenal/toolmodel';

/** What one walk over a schema found: keywords used anywhere, formats and `minItems` values. */
export interface SchemaScan {
  keywords: Set<string>;
  formats: Set<string>;
  maxMinItems: number;
  /** Properties and enum values across the whole schema (for target limits). */
  properties: number;
  enumValues: number;
  /** Some array schema has neither `items` nor `prefixItems`. */
  arrayWithoutItems: boolean;
}

/**
 * One pass over all subschemas collecting the keywords in use, so pipelines skip passes whose
 * trigger keywords are absent (most real tools need only a few). Bounded by `maxLevel`.
 */
export function scanSchema(schema: unknown, maxLevel = 256): SchemaScan {
  const scan: SchemaScan = {
    keywords: new Set(),
    formats: new Set(),
    maxMinItems: 0,
    properties: 0,
    enumValues: 0,
    arrayWithoutItems: false,
  };
  const go = (node: unknown, level: number): void => {
    if (!isPlainObject(node) || level > maxLevel) return;
    const t = node.type;
    if (
      (t === 'array' || (Array.isArray(t) && t.includes('array'))) &&
      node.items === undefined &&
      node.prefixItems === undefined
    )
      scan.arrayWithoutItems = true;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      scan.keywords.add(key);
      const value = node[key];
      if (key === 'enum' && Array.isArray(value)) scan.enumValues += value.length;
      if (SUBSCHEMA_MAP_KEYWORDS.has(key) && isPlainObject(value)) {
        if (key === 'properties') scan.properties += Object.keys(value).length;
        for (const name in value)
          if (Object.hasOwn(value, name) && !Array.isArray(value[name])) go(value[name], level + 1);
      } else if (SUBSCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
        for (const child of value) go(child, level + 1);
      } else if (SUBSCHEMA_KEYWORDS.has(key)) {
        go(value, level + 1);
      } else if (key === 'format' && typeof value === 'string') scan.formats.add(value);
      else if (key === 'minItems' && typeof value === 'number' && value > scan.maxMinItems)
        scan.maxMinItems = value;
    }
  };
  go(schema, 0);
  return scan;
}
