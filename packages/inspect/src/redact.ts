import { getAtPointer, isPlainObject, lintTool, type Tool } from '@toolarsenal/toolmodel';

const REDACTED = '[redacted]';
/** Metadata keys whose values are credentials whatever they look like. */
const CREDENTIAL_KEY =
  /^(?:authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|apikey|(?:access|refresh|id|bearer)[-_]?token|token|secret|client[-_]?secret|password|passwd)$/i;
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@'"]+@/gi;
const URL_SECRET_PARAM =
  /([?&](?:api[-_]?key|apikey|key|token|access[-_]?token|secret|client[-_]?secret|password|sig|signature)=)[^&#\s'"]+/gi;

/**
 * Removes secrets from everything the server sends: the strings toolmodel's lint flags as secrets in each tool
 * (`secret-in-metadata`) and the values under credential-named keys of its metadata, wherever they appear
 * (a tool result echoing one too), plus URL credentials and secret query parameters in any string. Built once
 * over the tools; `scrub` applies it to every response.
 */
export class Redactor {
  private readonly secrets: string[];

  /** `extra`: more secrets (e.g. a config's credentials); strings shorter than 4 characters are ignored. */
  constructor(tools: readonly Tool[], extra: readonly string[] = []) {
    const found = new Set<string>();
    for (const value of extra) if (typeof value === 'string' && value.length >= 4) addSecret(found, value);
    for (const tool of tools) {
      for (const finding of lintTool(tool)) {
        if (finding.rule !== 'secret-in-metadata') continue;
        const value = getAtPointer(tool, finding.pointer);
        if (typeof value === 'string' && value.length >= 8) addSecret(found, value);
      }
      collectCredentialValues(tool.sourceMeta, found, 0);
      collectCredentialValues(tool.meta, found, 0);
    }
    // Longest first, so a secret containing another is replaced whole.
    this.secrets = [...found].sort((a, b) => b.length - a.length);
  }

  /** A deep copy of `value` with every secret replaced by `[redacted]`. */
  scrub<T>(value: T): T {
    return this.visit(value, 0) as T;
  }

  scrubText(text: string): string {
    let out = text;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    if (out.includes('://')) out = out.replace(URL_USERINFO, `$1${REDACTED}@`);
    if (out.includes('=')) out = out.replace(URL_SECRET_PARAM, `$1${REDACTED}`);
    return out;
  }

  private visit(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.scrubText(value);
    if (depth > 200 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => this.visit(v, depth + 1));
    // No prototype: a `__proto__` key in a tool's output stays an ordinary key.
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) {
      out[k] = this.visit(v, depth + 1);
    }
    return out;
  }
}

function collectCredentialValues(value: unknown, into: Set<string>, depth: number): void {
  if (depth > 64) return;
  if (Array.isArray(value)) for (const v of value) collectCredentialValues(v, into, depth + 1);
  else if (isPlainObject(value))
    for (const [k, v] of Object.entries(value)) {
      if (CREDENTIAL_KEY.test(k) && typeof v === 'string' && v.length >= 8) addSecret(into, v);
      else collectCredentialValues(v, into, depth + 1);
    }
}

/** The flagged string and its long words: `Bearer sk-…` also leaks as the bare `sk-…`. */
function addSecret(into: Set<string>, value: string): void {
  into.add(value);
  for (const part of value.split(/[\s,;]+/)) if (part.length >= 12) into.add(part);
}
