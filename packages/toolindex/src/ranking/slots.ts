import { COORDINATES, EMAIL, IPV4, ISO_DATE, MONTH_NAME, TEXT_DATE, URL_LIKE, YEAR } from './value-kinds.js';
import { parameterDescription } from './parameter-text.js';

/** Bounds on what is read from an untrusted schema. */
const MAX_PARAMETERS = 50;
const MAX_PARAMETER_TEXT = 500;

const LANGUAGE_NAMES =
  /\b(?:english|french|spanish|german|italian|portuguese|dutch|russian|chinese|mandarin|japanese|korean|arabic|hindi|turkish|polish|swedish|greek|hebrew|thai|vietnamese|indonesian)\b/i;

/**
 * Typed slots: a kind of value a request can carry (recognised by its shape, or by the words that introduce it:
 * "IATA code AMS", "zip code 10001") and how a parameter shows it takes one (its name or description). A request
 * giving a date and an IP address is served by tools with a date and an IP parameter, whatever words either
 * side uses. Kinds: date, IPv4, coordinates, e-mail, URL, language, year, month, page, postal code, airport
 * code, country code, currency.
 */
const SLOT_KINDS: readonly {
  readonly query: readonly { test(query: string): boolean }[];
  readonly parameter: RegExp;
}[] = [
  { query: [ISO_DATE, TEXT_DATE], parameter: /\b(?:date|day|start|end|from|since|until)\b/ },
  { query: [IPV4], parameter: /\bip\b|\bipv[46]\b|ip ?address/ },
  {
    query: [COORDINATES, /\b(?:latitude|longitude)\b/i],
    parameter: /\b(?:lat|lon|lng|latitude|longitude|coordinates?)\b/,
  },
  { query: [EMAIL], parameter: /e-?mail/ },
  { query: [URL_LIKE], parameter: /\b(?:url|uri|link|website|domain)\b/ },
  { query: [LANGUAGE_NAMES], parameter: /\b(?:language|lang|locale)\b/ },
  { query: [YEAR], parameter: /\byears?\b/ },
  { query: [MONTH_NAME], parameter: /\bmonths?\b/ },
  { query: [/\bpage \d{1,5}\b/i], parameter: /\bpage\b/ },
  { query: [/\b(?:zip|postal|post) ?codes?\b/i], parameter: /\b(?:zip|zipcode|postal|postcode|post code)\b/ },
  { query: [/\biata\b/i, /\bairport codes?\b/i], parameter: /\biata\b|\bairport codes?\b/ },
  { query: [/\bcountry codes?\b/i], parameter: /\bcountry\b/ },
  {
    query: [/\b(?:usd|eur|gbp|jpy|cny|inr|chf|cad|aud)\b/i, /[$€£¥]\s?\d/],
    parameter: /\bcurrenc(?:y|ies)\b/,
  },
];

/** Bits of the date, year and month kinds (their order in SLOT_KINDS). */
const DATE = 1 << 0;
const YEAR_AND_MONTH = (1 << 6) | (1 << 7);

/**
 * The slot kinds a request's values fill, as a bit mask (0 when it carries none). `within` limits the kinds
 * tested: a clause of a request can only hold kinds the whole request holds.
 */
export function querySlots(query: string, within = ~0): number {
  let mask = 0;
  SLOT_KINDS.forEach((kind, bit) => {
    if (within & (1 << bit) && kind.query.some((pattern) => pattern.test(query))) mask |= 1 << bit;
  });
  // A full date gives its year and month too ("2022-04-15" fills year/month/day parameters).
  return mask & DATE ? mask | YEAR_AND_MONTH : mask;
}

/** The slot kinds a tool's parameters (required or optional, top level) take, as a bit mask. */
export function toolSlots(inputSchema: unknown): number {
  if (typeof inputSchema !== 'object' || inputSchema === null) return 0;
  const properties = (inputSchema as { properties?: unknown }).properties;
  if (typeof properties !== 'object' || properties === null) return 0;
  let mask = 0;
  for (const name of Object.keys(properties).slice(0, MAX_PARAMETERS)) {
    const description = parameterDescription((properties as Record<string, unknown>)[name]);
    const text = `${name.replace(/[_\-.]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2')} ${description}`
      .slice(0, MAX_PARAMETER_TEXT)
      .toLowerCase();
    SLOT_KINDS.forEach((kind, bit) => {
      if (kind.parameter.test(text)) mask |= 1 << bit;
    });
  }
  // A date parameter takes a year or a month as well.
  return mask & DATE ? mask | YEAR_AND_MONTH : mask;
}

/** Share of the request's slot kinds the tool takes, in [0, 1]; undefined when the request fills none. */
export function slotMatch(query: number, tool: number): number | undefined {
  if (query === 0) return undefined;
  return popCount(query & tool) / popCount(query);
}

function popCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}
