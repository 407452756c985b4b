const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

/** Value shapes, with bounded quantifiers so a hostile 10,000-character query cannot make a pattern backtrack long. */
export const ISO_DATE = /\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;
export const TEXT_DATE = new RegExp(
  `\\b${MONTH}\\.? \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}\\b|\\b\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH},? \\d{4}\\b`,
  'i',
);
export const YEAR = /\b(?:19|20)\d{2}\b/;
export const MONTH_NAME =
  /\b(?:january|february|march|april|june|july|august|september|october|november|december)\b/i;
export const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/;
export const COORDINATES =
  /(?<![\d.])-?\d{1,3}\.\d{1,10} ?°? ?[NS]?(?:, ?| (?:and )?(?:longitude )?)-?\d{1,3}\.\d{1,10}(?!\.?\d)/i;
const EMAIL_SHAPE = /[\w.+-]{1,64}@[\w-]{1,63}\.[a-z]{2,24}/i;
/**
 * An e-mail address. The `@` is looked for first: the pattern alone starts a bounded match at every word
 * character of the request and was the costliest step of analysing a long one.
 */
export const EMAIL = { test: (text: string): boolean => text.includes('@') && EMAIL_SHAPE.test(text) };
export const URL_LIKE = /\bhttps?:\/\/[^\s]{1,2048}|\bwww\.[^\s]{1,2048}/i;

/**
 * Values a request can carry, recognised by shape, and the parameter terms (as the index tokenises them) such a
 * value fills: "2022-04-15" supplies a `date`, "193.114.112.1" an `ip`.
 */
const VALUE_KINDS: readonly (readonly [{ test(text: string): boolean }, readonly string[]])[] = [
  [ISO_DATE, ['date', 'day']],
  [TEXT_DATE, ['date', 'day']],
  [YEAR, ['year']],
  [IPV4, ['ip']],
  [COORDINATES, ['latitude', 'longitude', 'lat', 'lon', 'lng']],
  [EMAIL, ['email']],
  [URL_LIKE, ['url', 'link']],
];

/**
 * The value kinds `text` carries, as a bit mask (bit i: `VALUE_KINDS[i]`). Only the kinds in `within` are tested:
 * a clause of a request can only carry kinds the whole request carries.
 */
export function valueKindMask(text: string, within = ~0): number {
  let mask = 0;
  for (let i = 0; i < VALUE_KINDS.length; i++)
    if (within & (1 << i) && VALUE_KINDS[i]![0].test(text)) mask |= 1 << i;
  return mask;
}

/** The parameter terms the value kinds of `mask` fill. */
export function valueKindTermsOf(mask: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < VALUE_KINDS.length; i++) if (mask & (1 << i)) out.push(...VALUE_KINDS[i]![1]);
  return out;
}

/** Parameter terms the values in `text` can fill (empty when it carries no recognisable value). */
export function valueKindTerms(text: string): string[] {
  return valueKindTermsOf(valueKindMask(text));
}
