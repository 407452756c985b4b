import { type Obligations, type Principal, PrincipalError } from '@toolarsenal/toolmodel';
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
  level?: string;
  counts: { total: number; visible: number; callable: number };
  matched: number;
  offset: number;
  limit: number;
  rows: PolicyRow[];
}

const SHOW = ['all', 'visible', 'hidden', 'callable', 'denied'] as const;

/** `POST /api/policy`: `{subject: {id?, tenant?, roles?, scopes?, capabilities?, exposure?}, show?, offset?, limit?}`. */
export function policyView(target: InspectTarget, body: unknown): PolicyView {
  const access = target.access;
  if (!access) throw new InspectError('INSPECT_NOT_FOUND', 'no access policy is configured');
  const input = asObject(body, 'body');
  onlyFields(input, ['subject', 'show', 'offset', 'limit'], 'policy');
  const subject = readSubject(input.subject);
  const show = oneOf(input, 'show', SHOW) ?? 'all';
  const offset = optionalNumber(input, 'offset', { min: 0, max: 1_000_000, integer: true }) ?? 0;
  const limit = optionalNumber(input, 'limit', { min: 1, max: MAX_PAGE_SIZE, integer: true }) ?? 50;
  const rows = target.tools().map((tool) => {
    const view = decide(access, subject, tool);
    return {
      id: tool.id,
      name: tool.name,
      visible: view.visible,
      visibleReason: view.visibleReason,
      callable: view.decision.allow,
      reason: view.decision.reason,
      ...(view.decision.rule ? { rule: view.decision.rule } : {}),
      obligations: view.decision.obligations,
    };
  });
  const keep = rows.filter(
    (r) =>
      show === 'all' ||
      (show === 'visible' && r.visible) ||
      (show === 'hidden' && !r.visible) ||
      (show === 'callable' && r.callable) ||
      (show === 'denied' && !r.callable),
  );
  return {
    subject,
    ...(access.levelOf ? { level: access.levelOf(subject) } : {}),
    counts: {
      total: rows.length,
      visible: rows.filter((r) => r.visible).length,
      callable: rows.filter((r) => r.callable).length,
    },
    matched: keep.length,
    offset,
    limit,
    rows: keep.slice(offset, offset + limit),
  };
}

function decide(access: InspectAccess, subject: Principal, tool: Parameters<InspectAccess['decide']>[1]) {
  try {
    return access.decide(subject, tool);
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
