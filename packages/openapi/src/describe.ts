const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  copy: '©',
  reg: '®',
  trade: '™',
  laquo: '«',
  raquo: '»',
};

/**
 * Makes an OpenAPI description readable as plain text for a model: HTML tags become line breaks,
 * list markers or nothing, entities are decoded, runs of blank lines collapse. Markdown is kept as is.
 */
export function htmlToText(text: string): string {
  if (!/[<&]/.test(text)) return tidy(text);
  let out = text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|div|section|table|tr|h[1-6]|ul|ol|pre|blockquote)\b[^>]*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/li\s*>/gi, '')
    .replace(/<\/?(code|tt)\b[^>]*>/gi, '`')
    .replace(/<\/?(b|strong)\b[^>]*>/gi, '**')
    .replace(/<\/?(i|em)\b[^>]*>/gi, '_')
    .replace(/<a\b[^>]*href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi, (_m, href: string, label: string) =>
      label.trim() && href && !href.startsWith('#') ? `[${label.trim()}](${href})` : label,
    )
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?\/?>/g, '');
  out = out.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number(entity.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
  return tidy(out);
}

function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Tool description from an operation: summary and description (both when they differ), cleaned. */
export function describeOperation(
  summary: unknown,
  description: unknown,
  fallback: string,
): { title?: string; description: string } {
  const s = typeof summary === 'string' ? htmlToText(summary) : '';
  const d = typeof description === 'string' ? htmlToText(description) : '';
  const title = s && s.length <= 256 && !s.includes('\n') ? s : undefined;
  let text: string;
  if (s && d) text = d.startsWith(s) ? d : `${s}\n\n${d}`;
  else text = s || d || fallback;
  return title ? { title, description: text } : { description: text };
}
