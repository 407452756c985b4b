import {
  isPlainObject,
  joinPointer,
  mapSubschemas,
  parsePointer,
  resolveLocalRef,
} from '@toolarsenal/toolmodel';
import { ConversionError } from '../errors.js';
import { note, type PassContext } from './context.js';
import { jsonStandIn, type Schema } from './schema-utils.js';

export interface InlineRefsOptions {
  /**
   * Keep recursive refs to `#` or `#/$defs/<name>` (with the `$defs` they need) instead of
   * unfolding them — for targets that support recursion (OpenAI strict).
   */
  keepRecursive: boolean;
  /** `error`: throw where recursion cannot be kept; `unfold` (default): unfold `maxUnfold` times, then cut. */
  onRecursion?: 'unfold' | 'error';
  /** Most schema nodes the inlined result may have (guards against exponential `$ref` fan-out). */
  maxNodes?: number;
}

const DEFS_REF = /^#\/\$defs\/[^/]+$/;

/**
 * Inlines local `$ref`s (and drops `$defs`), pure. Recursion is unfolded `limits.maxRecursionUnfold`
 * times and then cut with a JSON-string stand-in (or kept, with `keepRecursive`); each inlining
 * and cut is recorded. External refs cannot be resolved offline and are dropped with a loss.
 * Pipelines call it only when the schema holds a `$ref` (they know from their scan).
 */
export function inlineRefs(
  schema: Schema,
  base: string,
  ctx: PassContext,
  options: InlineRefsOptions,
): Schema {
  const root = schema;
  const maxNodes = options.maxNodes ?? 20_000;
  const maxUnfold = ctx.limits.maxRecursionUnfold;
  let nodes = 0;
  const keptDefs = new Set<string>();
  const noted = new Set<string>();

  /** The node's subschemas expanded; `$ref` and `$defs` are left out (the caller resolves the ref). */
  const expandChildren = (node: Schema, pointer: string, stack: readonly string[]): Schema => {
    const { $ref: _ref, $defs: _defs, definitions: _definitions, ...rest } = node;
    return mapSubschemas(rest, pointer, (child, childPointer) => expand(child, childPointer, stack));
  };

  const expand = (node: unknown, pointer: string, stack: readonly string[]): unknown => {
    if (++nodes > maxNodes) {
      throw new ConversionError(
        'ref-expansion-too-large',
        pointer,
        `inlining $ref produces more than ${maxNodes} schema nodes`,
      );
    }
    if (!isPlainObject(node)) return node;
    const ref = node.$ref;
    if (typeof ref !== 'string') return expandChildren(node, pointer, stack);
    const siblings = expandChildren(node, pointer, stack);
    if (!ref.startsWith('#')) {
      note(
        ctx,
        joinPointer(pointer, '$ref'),
        '$ref',
        'dropped',
        `external $ref "${ref}" cannot be resolved offline`,
      );
      return siblings;
    }
    const target = resolveLocalRef(root, ref);
    if (target === undefined) {
      throw new ConversionError(
        'unresolved-ref',
        joinPointer(pointer, '$ref'),
        `$ref "${ref}" points at nothing`,
      );
    }
    const depth = stack.filter((r) => r === ref).length;
    if (depth > 0) {
      if (options.keepRecursive && (ref === '#' || DEFS_REF.test(ref))) {
        if (ref !== '#') keptDefs.add(ref);
        return { $ref: ref, ...siblings };
      }
      if (options.onRecursion === 'error') {
        throw new ConversionError(
          'recursion-forbidden',
          joinPointer(pointer, '$ref'),
          `recursive $ref "${ref}": ${ctx.target} does not accept recursive schemas`,
        );
      }
      if (depth >= maxUnfold) {
        return jsonStandIn(
          { $ref: ref, ...siblings },
          pointer,
          ctx,
          `recursive $ref "${ref}" cut after ${maxUnfold} unfoldings (${ctx.target} does not accept recursion)`,
        );
      }
    }
    if (!noted.has(pointer)) {
      noted.add(pointer);
      note(ctx, joinPointer(pointer, '$ref'), '$ref', 'inlined', `$ref "${ref}" inlined`);
    }
    const expanded = expand(target, pointer, [...stack, ref]);
    if (expanded === true) return siblings;
    if (!isPlainObject(expanded)) return expanded;
    return { ...expanded, ...siblings };
  };

  const out = expand(root, base, ['#']) as Schema;
  if (keptDefs.size > 0) {
    const defs: Record<string, unknown> = {};
    const done = new Set<string>();
    while (done.size < keptDefs.size) {
      for (const ref of [...keptDefs]) {
        if (done.has(ref)) continue;
        done.add(ref);
        const name = parsePointer(ref)[1]!;
        defs[name] = expand(resolveLocalRef(root, ref), joinPointer(base, '$defs', name), ['#', ref]);
      }
    }
    out.$defs = defs;
  }
  const originalDefs = root.$defs ?? root.definitions;
  if (isPlainObject(originalDefs)) {
    const dropped = Object.keys(originalDefs).filter((k) => !keptDefs.has(`#/$defs/${k}`));
    if (dropped.length > 0)
      note(
        ctx,
        joinPointer(base, '$defs'),
        '$defs',
        'inlined',
        `$defs ${dropped.join(', ')} inlined and removed`,
      );
  }
  return out;
}
