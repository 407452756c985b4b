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
  if (typeof input === 'object' && input !== null && normalized.has(input))
    return input as NormalizedPrincipal;
  const out: Record<string, unknown> = {};
  readPrincipal(input, out);
  Object.freeze(out);
  normalized.add(out);
  return out as NormalizedPrincipal;
}

/**
 * The same checks as `normalizePrincipal` (it accepts and refuses exactly the same principals),
 * without the copy, for a decision made synchronously right away (toolset's `evaluate`): a plain
 * object whose fields are its own is returned as it is; anything else (a class instance, a field
 * inherited from a polluted `Object.prototype`) is normalised. Keep the result only for that call.
 */
export function checkPrincipal(input: unknown): Readonly<Principal> {
  if (typeof input === 'object' && input !== null && normalized.has(input))
    return input as NormalizedPrincipal;
  const own = readPrincipal(input, undefined);
  return own && Object.getPrototypeOf(input) === Object.prototype
    ? (input as Principal)
    : normalizePrincipal(input);
}

/**
 * Validates every known field once (each is read once) and, given `copy`, stores frozen copies
 * there. Throws `PrincipalError`. Returns false when a field came from a prototype.
 */
function readPrincipal(input: unknown, copy: Record<string, unknown> | undefined): boolean {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new PrincipalError('', `a principal must be an object, got ${describe(input)}`);
  }
  // Named reads (not a loop over keys): the common shapes stay monomorphic on this hot path.
  const { id, tenant, exposure, roles, scopes, capabilities } = input as Principal;
  let own = true;
  const accept = (field: string, value: unknown): boolean => {
    if (value === undefined) return false;
    if (Object.hasOwn(input, field)) return true;
    own = false;
    // Prototype pollution cannot grant anything: values inherited from Object.prototype are ignored.
    return !(field in Object.prototype);
  };
  if (accept('id', id)) checkString('id', id, copy);
  if (accept('tenant', tenant)) checkString('tenant', tenant, copy);
  if (accept('exposure', exposure)) checkString('exposure', exposure, copy);
  if (accept('roles', roles)) checkList('roles', roles, copy);
  if (accept('scopes', scopes)) checkList('scopes', scopes, copy);
  if (accept('capabilities', capabilities)) checkList('capabilities', capabilities, copy);
  return own;
}

function checkString(field: string, value: unknown, copy: Record<string, unknown> | undefined): void {
  if (typeof value !== 'string') throw wrongType(field, 'a string', value);
  if (value.length > PRINCIPAL_LIMITS.maxStringLength) throw tooLong(field);
  if (copy) copy[field] = value;
}

function checkList(field: string, value: unknown, copy: Record<string, unknown> | undefined): void {
  if (!Array.isArray(value)) throw wrongType(field, 'an array of strings', value);
  if (value.length > PRINCIPAL_LIMITS.maxListLength) {
    throw new PrincipalError(
      field,
      `principal.${field} has ${value.length} entries; at most ${PRINCIPAL_LIMITS.maxListLength} are accepted`,
    );
  }
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string') throw wrongType(field, 'a string', item, `${field}[${i}]`);
    if (item.length > PRINCIPAL_LIMITS.maxStringLength) throw tooLong(field, `${field}[${i}]`);
  }
  if (copy) copy[field] = Object.freeze([...(value as string[])]);
}

/** True for the frozen copies `normalizePrincipal` returns. */
export function isNormalizedPrincipal(value: unknown): value is NormalizedPrincipal {
  return typeof value === 'object' && value !== null && normalized.has(value);
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
