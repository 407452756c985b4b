import { isPlainObject } from '@toolarsenal/toolmodel';
import { badRequest } from './errors.js';

/** Longest string any request field may hold (queries, ids, subject fields). */
export const MAX_FIELD_LENGTH = 10_000;
/** Most entries of any list field (messages, tool lists, roles). */
export const MAX_LIST_LENGTH = 200;

type Fields = Readonly<Record<string, unknown>>;

/** The request body (or query) as an object; anything else is a 400 naming what arrived. */
export function asObject(value: unknown, what: string): Fields {
  if (!isPlainObject(value)) throw badRequest(`${what} must be a JSON object, got ${kind(value)}`);
  return value;
}

/** Refuses fields the endpoint does not know, so a typo is an error rather than silently ignored. */
export function onlyFields(input: Fields, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(input))
    if (!allowed.includes(key))
      throw badRequest(
        `${where}: unknown field "${key.slice(0, 100)}" (expected one of ${allowed.join(', ')})`,
      );
}

export function optionalString(input: Fields, field: string, max = MAX_FIELD_LENGTH): string | undefined {
  const value = input[field];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw badRequest(`"${field}" must be a string, got ${kind(value)}`);
  if (value.length > max) throw badRequest(`"${field}" is longer than ${max} characters`);
  return value;
}

export function requiredString(input: Fields, field: string, max = MAX_FIELD_LENGTH): string {
  const value = optionalString(input, field, max);
  if (value === undefined || value.trim() === '') throw badRequest(`"${field}" is required`);
  return value;
}

export function stringList(input: Fields, field: string): string[] | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw badRequest(`"${field}" must be a list of strings, got ${kind(value)}`);
  if (value.length > MAX_LIST_LENGTH) throw badRequest(`"${field}" has more than ${MAX_LIST_LENGTH} entries`);
  return value.map((item, i) => {
    if (typeof item !== 'string') throw badRequest(`"${field}/${i}" must be a string, got ${kind(item)}`);
    if (item.length > MAX_FIELD_LENGTH) throw badRequest(`"${field}/${i}" is too long`);
    return item;
  });
}

/** A number field, also accepted as a numeric query-string value. */
export function optionalNumber(
  input: Fields,
  field: string,
  { min, max, integer = false }: { min: number; max: number; integer?: boolean },
): number | undefined {
  const raw = input[field];
  if (raw === undefined || raw === '') return undefined;
  const value = typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)))
    throw badRequest(`"${field}" must be ${integer ? 'an integer' : 'a number'}, got ${kind(raw)}`);
  if (value < min || value > max)
    throw badRequest(`"${field}" must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function optionalBoolean(input: Fields, field: string): boolean | undefined {
  const raw = input[field];
  if (raw === undefined || raw === '') return undefined;
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  throw badRequest(`"${field}" must be true or false, got ${kind(raw)}`);
}

export function oneOf<T extends string>(input: Fields, field: string, values: readonly T[]): T | undefined {
  const value = optionalString(input, field, 100);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value))
    throw badRequest(`"${field}" must be one of ${values.join(', ')}, got ${JSON.stringify(value)}`);
  return value as T;
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value === 'object' ? 'an object' : String(value);
}
