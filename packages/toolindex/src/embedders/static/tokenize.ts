/** Longest text prefix looked at per input, so a hostile multi-megabyte string costs bounded time. */
export const MAX_TEXT_CHARS = 100_000;

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Words of a text as the static table sees them: camelCase and snake/kebab/dotted names split,
 * lower-cased, runs of letters or digits. Shared by the table builder and the runtime.
 */
export function staticTokens(text: string): string[] {
  const bounded = text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
  const spaced = bounded
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2');
  return spaced.toLowerCase().match(WORD) ?? [];
}

/**
 * Fallback spellings for a word missing from the vocabulary (plural, -ing, -ed), tried in order.
 * Generic English morphology, nothing specific to any tool set.
 */
export function fallbackForms(word: string): string[] {
  const forms: string[] = [];
  if (word.length > 4 && word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.length > 3 && word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  if (word.length > 5 && word.endsWith('ing')) forms.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  if (word.length > 4 && word.endsWith('ed')) forms.push(word.slice(0, -2), word.slice(0, -1));
  return forms;
}
