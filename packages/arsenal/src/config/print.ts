import { stringify } from 'yaml';
import type { ArsenalConfig } from './load.js';

/** Shown instead of a secret. */
export const MASK = '********';

const SECRET_KEY = /(token|secret|password|passwd|api[-_]?key|authori[sz]ation|credential|cookie|bearer)/i;
/** Objects whose every value is a secret: credentials, headers and a child's environment. */
const SECRET_CONTAINERS = new Set(['auth', 'headers', 'env']);

/**
 * The config with every secret replaced by `MASK`: credentials (`auth`), header values, a stdio
 * server's `env` values, any key that names a secret (token, password, api key…), the index's
 * database URL and the user-info part of other URLs. Paths, commands and policies are kept, so the output still explains
 * what will run.
 */
export function maskSecrets<T>(value: T): T {
  return mask(withoutIndexUrl(value), false, 0) as T;
}

/** The database URL of `index` is a secret as a whole (passwords also hide in its query string). */
function withoutIndexUrl(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const index = (value as { index?: unknown }).index;
  if (index === null || typeof index !== 'object' || (index as { url?: unknown }).url === undefined)
    return value;
  return { ...value, index: { ...index, url: MASK } };
}

function mask(value: unknown, secret: boolean, depth: number): unknown {
  if (depth > 64) return MASK;
  if (Array.isArray(value)) return value.map((v) => mask(v, secret, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value))
      out[key] = mask(v, secret || SECRET_CONTAINERS.has(key) || SECRET_KEY.test(key), depth + 1);
    return out;
  }
  if (secret && value !== undefined && value !== null) return MASK;
  if (typeof value === 'string') return maskUrlCredentials(value);
  return value;
}

function maskUrlCredentials(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/@\s]+)@/i, `$1${MASK}@`);
}

/** The resolved config (after `${ENV}` interpolation) as YAML or JSON, secrets masked. */
export function printConfig(config: ArsenalConfig, format: 'yaml' | 'json' = 'yaml'): string {
  const { file: _file, dir: _dir, toolsets, ...rest } = config;
  const data = maskSecrets({
    ...(toolsets.policies.length > 0 && { policies: toolsets.policies }),
    ...(toolsets.toolsets.length > 0 && { toolsets: toolsets.toolsets }),
    ...(toolsets.exposure && { exposure: toolsets.exposure }),
    ...Object.fromEntries(
      Object.entries(rest).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0)),
    ),
  });
  return format === 'json' ? `${JSON.stringify(data, null, 2)}\n` : stringify(data);
}
