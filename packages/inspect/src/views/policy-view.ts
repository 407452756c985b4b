import { normalizePrincipal, type Obligations, type Principal, PrincipalError } from '@toolarsenal/toolmodel';
import { badRequest, InspectError } from '../errors.js';
import { asObject, oneOf, onlyFields, optionalNumber, optionalString, stringList } from '../input.js';
import type { InspectAccess, InspectTarget } from '../target.js';
import { MAX_PAGE_SIZE } from './tools-view.js';

export interface PolicyRow {
  id: string;
  name: string;
  visible: boolean;
  visibleReason: string;
  callable: boolean;
  reason: string;
  rule?: string;
  obligations: Obligations;
}

export interface PolicyView {
  subject: Principal;
  /** The access view decided through (one of `InspectAccess.views`), when the target has views. */
  view?: string;
  level?: string;
  counts: { total: number; visible: number; callable: number };
  matched: number;
  offset: number;
  limit: number;
  rows: PolicyRow[];
}

const SHOW = ['all', 'visible', 'hidden', 'callable', 'denied'] as const;

/**
 * `POST /api/policy`: `{subject: {id?, tenant?, roles?, scopes?, capabilities?, exposure?}, view?, show?, offset?,
 * limit?}`; `view` is one of the access's views (default: the first).
 */
export function policyView(target: InspectTarget, body: unknown): PolicyView {
  const access = target.access;
  if (!access) throw new InspectError('INSPECT_NOT_FOUND', 'no access policy is configured');
  const input = asObject(body, 'body');
  onlyFields(input, ['subject', 'view', 'show', 'offset', 'limit'], 'policy');
  // Normalised once: toolmodel remembers normalised principals, so the per-tool decisions skip re-validating it.
  const subject = normalized(readSubject(input.subject));
  const show = oneOf(input, 'show', SHOW) ?? 'all';
  const offset = optionalNumber(input, 'offset', { min: 0, max: 1_000_000, integer: true }) ?? 0;
  const limit = optionalNumber(input, 'limit', { min: 1, max: MAX_PAGE_SIZE, integer: true }) ?? 50;
  const view = readView(access, optionalString(input, 'view', 200));
  const decided = target.tools().map((tool) => ({ tool, ...access.decide(subject, tool, view) }));
  const keep = decided.filter(
    (r) =>
      show === 'all' ||
      (show === 'visible' && r.visible) ||
      (show === 'hidden' && !r.visible) ||
      (show === 'callable' && r.decision.allow) ||
      (show === 'denied' && !r.decision.allow),
  );
  return {
    subject,
    ...(view !== undefined ? { view } : {}),
    ...(access.levelOf ? { level: access.levelOf(subject) } : {}),
    counts: {
      total: decided.length,
      visible: decided.filter((r) => r.visible).length,
      callable: decided.filter((r) => r.decision.allow).length,
    },
    matched: keep.length,
    offset,
    limit,
    rows: keep.slice(offset, offset + limit).map(({ tool, visible, decision }) => ({
      id: tool.id,
      name: tool.name,
      visible,
      visibleReason: access.explainVisibility(subject, tool, view).reason,
      callable: decision.allow,
      reason: decision.reason,
      ...(decision.rule ? { rule: decision.rule } : {}),
      obligations: decision.obligations,
    })),
  };
}

/** The requested view, checked against the access's own; the first one when none is asked for. */
function readView(access: InspectAccess, requested: string | undefined): string | undefined {
  const views = access.views ?? [];
  if (requested === undefined) return views[0]?.id;
  if (!views.some((v) => v.id === requested))
    throw badRequest(
      views.length === 0
        ? '"view": this target has no views to pick from'
        : `"view" must be one of ${views.map((v) => JSON.stringify(v.id)).join(', ')}`,
    );
  return requested;
}

function normalized(subject: Principal): Principal {
  try {
    return normalizePrincipal(subject);
  } catch (error) {
    if (PrincipalError.isInstance(error)) throw badRequest(`subject: ${error.message}`);
    throw error;
  }
}

/** A subject from the page: plain fields only, empty ones left out. */
export function readSubject(raw: unknown): Principal {
  if (raw === undefined || raw === null) return {};
  const input = asObject(raw, '"subject"');
  onlyFields(input, ['id', 'tenant', 'roles', 'scopes', 'capabilities', 'exposure'], 'subject');
  const id = optionalString(input, 'id', 200);
  const tenant = optionalString(input, 'tenant', 200);
  const exposure = optionalString(input, 'exposure', 200);
  const roles = stringList(input, 'roles');
  const scopes = stringList(input, 'scopes');
  const capabilities = stringList(input, 'capabilities');
  return {
    ...(id ? { id } : {}),
    ...(tenant ? { tenant } : {}),
    ...(exposure ? { exposure } : {}),
    ...(roles ? { roles } : {}),
    ...(scopes ? { scopes } : {}),
    ...(capabilities ? { capabilities } : {}),
  };
}
