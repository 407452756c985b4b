import {
  type ConvertOptions,
  type Dialect,
  fromCanonicalMany,
  type ManyConversion,
  type ToolChoice,
  toolChoiceFor,
} from '@toolarsenal/tooladapter';
import type { Tool } from '@toolarsenal/toolmodel';

import { selectForTurn, type TurnOptions, type TurnSelection } from './turn.js';

/**
 * A set's tools in a dialect: `value` is the document to send (an OpenAI `tools` array, an MCP
 * `tools/list` result, …), `losses` what the conversion changed, `names` the reversible
 * id ↔ target-name map, `decodeCall` routes a model's call back to its tool and canonical args.
 */
export type ToolsetExport = ManyConversion;

export function exportTools(
  tools: readonly Tool[],
  dialect: Dialect,
  options: ConvertOptions = {},
): ToolsetExport {
  return fromCanonicalMany(tools, dialect, options);
}

/** A turn ready to send: the selection, its tools exported to the dialect, and the tool choice in mapped names. */
export interface PreparedTurn extends TurnSelection {
  dialect: Dialect;
  exported: ToolsetExport;
}

/**
 * Selects the turn's tools (enablement, exclusive, forced), exports exactly those tools so names
 * are mapped collision-free over what the model sees, and builds `toolChoice` from the mapped names.
 */
export function prepareTurn(
  candidates: readonly Tool[],
  dialect: Dialect,
  options: Omit<TurnOptions, 'dialect' | 'targetNames'> = {},
  convert: ConvertOptions = {},
): PreparedTurn {
  const selection = selectForTurn(candidates, options);
  const exported = fromCanonicalMany(selection.tools, dialect, convert);
  const names = selection.forced.map((t) => exported.names.toTarget[t.id] ?? t.name);
  const toolChoice: ToolChoice | undefined = toolChoiceFor(dialect, names);
  const { toolChoice: _ignored, ...rest } = selection;
  return { ...rest, ...(toolChoice && { toolChoice }), dialect, exported };
}
