import { createHash } from 'node:crypto';

/** Names safe for every provider (OpenAI, Anthropic, Gemini…): `^[A-Za-z0-9_-]{1,64}$` by default. */
export const PORTABLE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** How an operation's name was derived. */
export interface NameMapping {
  /** The tool name. */
  name: string;
  /** The operationId as written in the document (absent when the operation has none). */
  operationId?: string;
  method: string;
  path: string;
  /** Why the name differs from the operationId: `sanitised`, `truncated`, `deduplicated`, `derived`. */
  reasons: string[];
}

/**
 * Turns operationIds (or method + path) into unique tool names. Invalid characters become `_`,
 * over-long names keep a prefix plus a short hash of the original (so distinct ids stay distinct),
 * collisions get `_2`, `_3`… The original operationId is kept in `sourceMeta.openapi.operationId`,
 * which makes the mapping reversible.
 */
export class ToolNamer {
  private readonly taken = new Set<string>();

  constructor(private readonly maxLength = 64) {}

  name(operationId: string | undefined, method: string, path: string): NameMapping {
    const reasons: string[] = [];
    let raw: string;
    if (operationId !== undefined && operationId.trim() !== '') {
      raw = operationId.trim();
    } else {
      raw = `${method}_${path}`;
      reasons.push('derived');
    }
    let name = raw
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\{([^}]*)\}/g, reasons.includes('derived') ? 'by_$1' : '{$1}')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/_{2,}/g, '_')
      .replace(/^_+|_+$/g, '');
    if (!name) name = `${method}_operation`;
    if (name !== raw && !reasons.includes('derived')) reasons.push('sanitised');
    if (name.length > this.maxLength) {
      const hash = createHash('sha256').update(raw).digest('hex').slice(0, 8);
      name = `${name.slice(0, this.maxLength - 9).replace(/_+$/, '')}_${hash}`;
      reasons.push('truncated');
    }
    if (this.taken.has(name)) {
      let candidate = name;
      for (let i = 2; this.taken.has(candidate); i++) {
        const suffix = `_${i}`;
        candidate = `${name.slice(0, this.maxLength - suffix.length)}${suffix}`;
      }
      name = candidate;
      reasons.push('deduplicated');
    }
    this.taken.add(name);
    const mapping: NameMapping = { name, method, path, reasons };
    if (operationId !== undefined) mapping.operationId = operationId;
    return mapping;
  }
}
