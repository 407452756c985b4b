import { REDACTED, redactUrl } from '@toolarsenal/net';
import type { PreparedRequest } from './build-request.js';

const MAX_SHOWN_BODY = 64 * 1024;

/**
 * The request as text (`METHOD url`, headers, blank line, body), every secret masked: values of
 * credential headers and query parameters, and any secret that appears elsewhere. Multipart bodies
 * are listed part by part; binary bodies by size.
 */
export async function formatRequest(
  prepared: PreparedRequest,
  redact: (text: string) => string,
): Promise<string> {
  const lines = [
    `${prepared.method} ${redact(redactUrl(prepared.url, prepared.secretParams)).replaceAll(encodeURIComponent(REDACTED), REDACTED)}`,
  ];
  for (const [name, value] of Object.entries(prepared.headers).sort(([a], [b]) => a.localeCompare(b))) {
    const scheme = /^([A-Za-z][\w-]*) \S/.exec(value)?.[1];
    const masked =
      name === 'authorization' || name === 'proxy-authorization'
        ? scheme
          ? `${scheme} ${REDACTED}`
          : REDACTED
        : redact(value);
    lines.push(`${name}: ${masked}`);
  }
  const body = prepared.body;
  if (body === undefined) return lines.join('\n');
  lines.push('');
  if (typeof body === 'string')
    lines.push(redact(body.length > MAX_SHOWN_BODY ? `${body.slice(0, MAX_SHOWN_BODY)}…` : body));
  else if (body instanceof Uint8Array) lines.push(`<${body.byteLength} bytes>`);
  else {
    for (const [name, value] of body.entries()) {
      if (typeof value === 'string') lines.push(`--part ${name}: ${redact(value)}`);
      else
        lines.push(
          `--part ${name}: <${value.size} bytes${value.type ? `, ${value.type}` : ''}${value.name ? `, filename "${value.name}"` : ''}>`,
        );
    }
  }
  return lines.join('\n');
}
