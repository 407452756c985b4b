/** What replaces a secret in messages, logs and dry-run output. */
export const REDACTED = '[REDACTED]';

/** Header names whose values are always secret. */
export const SENSITIVE_HEADERS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
];

/** Shortest secret worth replacing in free text (shorter ones would mangle ordinary words). */
const MIN_SECRET_LENGTH = 4;

/** Replaces every secret value (as written, URL-encoded, and base64 of `user:pass` pairs given as one value) in text. */
export type Redactor = (text: string) => string;

/**
 * A redactor for a set of secret values. Each secret is also matched in its `encodeURIComponent`
 * form, so secrets put in query strings are caught too. Longest secrets are replaced first.
 */
export function createRedactor(secrets: Iterable<string | undefined>): Redactor {
  const needles = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) continue;
    needles.add(secret);
    needles.add(encodeURIComponent(secret));
    needles.add(new URLSearchParams({ s: secret }).toString().slice(2));
  }
  const list = [...needles].sort((a, b) => b.length - a.length);
  if (list.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const needle of list) out = out.split(needle).join(REDACTED);
    return out;
  };
}

/** Combines redactors (each applied in turn). */
export function combineRedactors(...redactors: Array<Redactor | undefined>): Redactor {
  const list = redactors.filter((r): r is Redactor => typeof r === 'function');
  return (text) => list.reduce((acc, r) => r(acc), text);
}

/** The URL with the values of the named query parameters (case-sensitive) replaced by `[REDACTED]`. */
export function redactUrl(url: string | URL, secretParams: Iterable<string> = []): string {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    return String(url);
  }
  if (parsed.password) parsed.password = REDACTED;
  const names = new Set(secretParams);
  if (names.size === 0) return parsed.toString();
  const params = new URLSearchParams(parsed.search);
  let changed = false;
  for (const name of names) {
    if (!params.has(name)) continue;
    params.set(name, REDACTED);
    changed = true;
  }
  if (changed) parsed.search = params.toString().replace(/%5BREDACTED%5D/g, REDACTED);
  return parsed.toString();
}

/** A copy of `headers` with sensitive values (the defaults plus `extra`, case-insensitive) replaced. */
export function redactHeaders(
  headers: Record<string, string> | Headers,
  extra: Iterable<string> = [],
): Record<string, string> {
  const names = new Set([...SENSITIVE_HEADERS, ...[...extra].map((n) => n.toLowerCase())]);
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) out[name] = names.has(name.toLowerCase()) ? REDACTED : value;
  return out;
}
