import {
  availableDialects,
  check,
  type Dialect,
  fromCanonical,
  type Loss,
  type Violation,
} from '@toolarsenal/tooladapter';
import type { Tool } from '@toolarsenal/toolmodel';
import { badRequest } from '../errors.js';
import { asObject, optionalBoolean, optionalString } from '../input.js';
import type { ToolCatalog } from './tools-view.js';

/** Dialects a canonical tool can be lowered to (import-only dialects are left out). */
export function exportDialects(): Dialect[] {
  return availableDialects('export');
}

export interface ConversionView {
  toolId: string;
  dialect: Dialect;
  strict: boolean;
  /** The part of the canonical tool a dialect receives; loss pointers point into it. */
  canonical: Pick<Tool, 'name' | 'description'> &
    Partial<Pick<Tool, 'namespace' | 'title' | 'tags' | 'inputSchema' | 'outputSchema'>>;
  /** What the provider receives. */
  lowered: unknown;
  /** Target name (mapped when the canonical name breaks the dialect's name rule). */
  targetName: string;
  losses: Loss[];
  /** tooladapter's `check` of the lowered value: empty when the provider accepts it. */
  violations: Violation[];
  verdict: 'accepted' | 'rejected';
}

/** `GET /api/convert?id=&dialect=&strict=`. */
export function convertTool(catalog: ToolCatalog, query: unknown): ConversionView {
  const q = asObject(query, 'query');
  const id = optionalString(q, 'id', 1_000);
  if (!id) throw badRequest('"id" is required');
  const dialects = exportDialects();
  const dialect = optionalString(q, 'dialect', 100);
  if (!dialect) throw badRequest('"dialect" is required');
  if (!(dialects as string[]).includes(dialect))
    throw badRequest(`"dialect" must be one of ${dialects.join(', ')}, got ${JSON.stringify(dialect)}`);
  const strict = optionalBoolean(q, 'strict') ?? false;
  const tool = catalog.get(id);
  const conversion = fromCanonical(tool, dialect as Dialect, { strict });
  const violations = check(conversion.value, dialect as Dialect, { strict });
  return {
    toolId: tool.id,
    dialect: dialect as Dialect,
    strict,
    canonical: {
      ...(tool.namespace ? { namespace: tool.namespace } : {}),
      name: tool.name,
      ...(tool.title ? { title: tool.title } : {}),
      description: tool.description,
      ...(tool.tags.length ? { tags: tool.tags } : {}),
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
    },
    lowered: conversion.value,
    targetName: conversion.names.toTarget[tool.id] ?? tool.name,
    losses: conversion.losses,
    violations,
    verdict: violations.length === 0 ? 'accepted' : 'rejected',
  };
}
