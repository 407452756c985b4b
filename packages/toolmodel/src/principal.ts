import { markError, subclassGuard, ToolArsenalError } from './errors.js';
import type { Tool } from './tool-types.js';

/**
 * Who is calling a tool: plain data from your auth layer, shared by toolset policies and the
 * toolrun runner. Every field is optional. Lists are arrays of strings; anything else (a string, a
 * Set, an array tenant, `null`) is malformed and refused by `normalizePrincipal`, never guessed at.
 */
export interface Principal {
  id?: string;
  tenant?: string;
  roles?: readonly string[];
  scopes?: readonly string[];
  capabilities?: readonly string[];
  /** Exposure level the caller came through (`public`, `partner`, `local`, …). */
  exposure?: string;
}

/** A principal checked by `normalizePrincipal`: the known fields only, lists copied and frozen. */
export type NormalizedPrincipal = Readonly<Principal> & { readonly [NORMALIZED]: true };

declare const NORMALIZED: unique symbol;

/** Longest accepted list (roles, scopes, capabilities) and string, as hostile-input guards. */
export const PRINCIPAL_LIMITS = Object.freeze({ maxListLength: 1_000, maxStringLength: 1_024 });

const PRINCIPAL_ERROR = 'toolarsenal.error.principal';

/** A principal that is not an object, or a field of the wrong shape. `field` names it (`''` for the whole). */
export class PrincipalError extends ToolArsenalError {
  readonly field: string;
  constructor(field: string, message: string) {
    super('INVALID_PRINCIPAL', message);
    this.name = 'PrincipalError';
    this.field = field;
    markError(this, PRINCIPAL_ERROR);
  }
  static override isInstance = subclassGuard<PrincipalError>(PRINCIPAL_ERROR);
}

const STRING_FIELDS = ['id', 'tenant', 'exposure'] as const;
const LIST_FIELDS = ['roles', 'scopes', 'capabilities'] as const;
const normalized = new WeakSet<object>();

/**
 * The one principal normaliser (toolset and toolrun both use it, so both read a principal the
 * same way). Returns a frozen copy holding only the known fields; throws `PrincipalError` naming
 * the first malformed field. Fails closed: a malformed field is an error, not an empty list, so it
 * can neither widen access nor slip past a deny rule. An absent field (or `undefined`) stays absent.
 * Values inherited from `Object.prototype` are ignored (prototype pollution cannot grant a role);
 * each field is read once. Already-normalised principals are returned as they are.
 */
export function normalizePrincipal(input: unknown): NormalizedPrincipal {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new PrincipalError('', `a principal must be an object, got ${describe(input)}`);
  }
  if (normalized.has(input)) return input as NormalizedPrincipal;
  const out: Record<string, unknown> = {};
  for (const field of STRING_FIELDS) {
    const value = read(input, field);
    if (value === undefined) continue;
    if (typeof value !== 'string') throw wrongType(field, 'a string', value);
    if (value.length > PRINCIPAL_LIMITS.maxStringLength) throw tooLong(field);
    out[field] = value;
  }
  for (const field of LIST_FIELDS) {
    const value = read(input, field);
    if (value === undefined) continue;
    if (!Array.isArray(value)) throw wrongType(field, 'an array of strings', value);
    if (value.length > PRINCIPAL_LIMITS.maxListLength) {
      throw new PrincipalError(
        field,
        `principal.${field} has ${value.length} entries; at most ${PRINCIPAL_LIMITS.maxListLength} are accepted`,
      );
    }
    const copy: string[] = [];
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item !== 'string') throw wrongType(field, 'a string', item, `${field}[${i}]`);
      if (item.length > PRINCIPAL_LIMITS.maxStringLength) throw tooLong(field, `${field}[${i}]`);
      copy.push(item);
    }
    out[field] = Object.freeze(copy);
  }
  Object.freeze(out);
  normalized.add(out);
  return out as NormalizedPrincipal;
}

/** True for the frozen copies `normalizePrincipal` returns. */
export function isNormalizedPrincipal(value: unknown): value is NormalizedPrincipal {
  return typeof value === 'object' && value !== null && normalized.has(value);
}

function read(input: object, field: string): unknown {
  if (!Object.hasOwn(input, field) && field in Object.prototype) return undefined;
  return (input as Record<string, unknown>)[field];
}

function wrongType(field: string, expected: string, value: unknown, at = field): PrincipalError {
  return new PrincipalError(field, `principal.${at} must be ${expected}, got ${describe(value)}`);
}

function tooLong(field: string, at = field): PrincipalError {
  return new PrincipalError(
    field,
    `principal.${at} is longer than ${PRINCIPAL_LIMITS.maxStringLength} characters`,
  );
}

/** The kind of a value, never the value itself (principals may carry secrets). */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') {
    const name = Object.getPrototypeOf(value)?.constructor?.name;
    return typeof name === 'string' && name !== 'Object' ? `a ${name}` : 'an object';
  }
  return `a ${typeof value}`;
}

/** What the principal wants to do with the tool. Free-form; `call` is the default. */
export type PolicyAction = 'list' | 'describe' | 'call' | (string & {});

export type AuditLevel = 'basic' | 'full';

/** At most `requests` calls per `intervalMs`. */
export interface RateLimitObligation {
  readonly requests: number;
  readonly intervalMs: number;
  /** Whose calls share the budget: each principal (default), each tenant, or every caller. */
  readonly per?: 'principal' | 'tenant' | 'global';
  /**
   * Which calls share the budget: those the named rule allowed (its id), or one tool (`tool:<id>`).
   * Absent: calls of the tool being decided.
   */
  readonly scope?: string;
}

/** What an allowed call must do before it runs. `confirmation` and `audit` are false when not required. */
export interface Obligations {
  readonly confirmation: false | { readonly reason: string };
  readonly rateLimit?: RateLimitObligation;
  readonly audit: false | AuditLevel;
}

/** The answer to one access request; may be frozen and shared between calls. */
export interface AccessDecision {
  readonly allow: boolean;
  /** Names the deciding rule and why it applied. */
  readonly reason: string;
  /** Id of the deciding rule, absent for defaults. */
  readonly rule?: string;
  readonly obligations: Obligations;
}

/**
 * Anything that decides access to a tool: a compiled toolset policy, a `Toolset`, an exposure,
 * or your own. toolrun's runner takes one (`policy`) and enforces the decision's obligations.
 */
export interface AccessPolicy {
  evaluate(principal: Principal, tool: Tool, action?: PolicyAction): AccessDecision;
}

/** The frozen "nothing required" obligations. */
export const NO_OBLIGATIONS: Obligations = Object.freeze({ confirmation: false, audit: false });
