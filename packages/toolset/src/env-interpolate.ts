/** Result of interpolating one string. */
export type Interpolated =
  { ok: true; value: string } | { ok: false; code: 'unset_env' | 'bad_interpolation'; message: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Replaces `${NAME}` and `${NAME:-default}` with environment values. `$${` is a literal `${`.
 * Nothing is evaluated: names are plain identifiers, defaults are literal text (no nesting).
 * An unset (or empty, for `:-`) variable without a default is an error naming the variable.
 */
export function interpolate(text: string, env: Readonly<Record<string, string | undefined>>): Interpolated {
  if (!text.includes('$')) return { ok: true, value: text };
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '$' && text[i + 1] === '$' && text[i + 2] === '{') {
      out += '${';
      i += 3;
      continue;
    }
    if (c !== '$' || text[i + 1] !== '{') {
      out += c;
      i++;
      continue;
    }
    const end = text.indexOf('}', i + 2);
    if (end === -1)
      return {
        ok: false,
        code: 'bad_interpolation',
        message: `unterminated "\${" in ${JSON.stringify(clip(text))}`,
      };
    const body = text.slice(i + 2, end);
    const sep = body.indexOf(':-');
    const name = sep === -1 ? body : body.slice(0, sep);
    const fallback = sep === -1 ? undefined : body.slice(sep + 2);
    if (!NAME.test(name)) {
      return {
        ok: false,
        code: 'bad_interpolation',
        message: `"\${${clip(body)}}" is not a variable reference; use \${NAME} or \${NAME:-default} (letters, digits, "_")`,
      };
    }
    if (fallback?.includes('${')) {
      return {
        ok: false,
        code: 'bad_interpolation',
        message: `nested "\${" in the default of \${${name}} is not supported`,
      };
    }
    const value = Object.hasOwn(env, name) ? env[name] : undefined;
    if (value !== undefined && (value !== '' || fallback === undefined)) out += value;
    else if (fallback !== undefined) out += fallback;
    else
      return {
        ok: false,
        code: 'unset_env',
        message: `environment variable ${name} is not set (use \${${name}:-default} for a default)`,
      };
    i = end + 1;
  }
  return { ok: true, value: out };
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}
