import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTool, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
import { createRunner, type Runner, type RunnerOptions } from '@toolarsenal/toolrun';

// `data/` sits beside `src/` and `dist/`, so these resolve from the sources and the build alike.
const CATALOG = new URL('../data/catalog.json', import.meta.url);

/** An OpenAPI document for README examples that import one (`petstore.yaml`). */
export const PETSTORE_PATH = fileURLToPath(new URL('../data/petstore.yaml', import.meta.url));

/** The toolkits' in-repo test catalogue (32 realistic tools, no service behind them). */
export function loadCatalog(): Tool[] {
  const { tools } = JSON.parse(readFileSync(CATALOG, 'utf8')) as { tools: ToolInput[] };
  return tools.map((t) => parseTool(t));
}

/** What every fixture tool answers: structured output where the tool declares one. */
export function answer(tool: Tool, args: Record<string, unknown>): unknown {
  if (tool.name === 'get_forecast')
    return { city: args.city, forecast: [{ day: 'mon', tempC: 21, rainMm: 0 }] };
  if (tool.name === 'get_stock_price') return { symbol: args.symbol, price: 189.5, currency: 'USD' };
  if (tool.name === 'get_air_quality') throw new Error('upstream air-quality service unavailable');
  return { ok: true, tool: tool.name, arguments: args };
}

/** One call a catalogue runner ran. */
export interface RecordedCall {
  id: string;
  args: Record<string, unknown>;
}

/** A runner holding every tool with `answer` as its handler; `calls` records what ran. */
export function catalogRunner(
  tools: readonly Tool[],
  options: RunnerOptions = {},
): { runner: Runner; calls: RecordedCall[] } {
  const runner = createRunner({ defaults: { retry: false }, ...options });
  const calls: RecordedCall[] = [];
  for (const tool of tools)
    runner.register(tool, (args) => {
      calls.push({ id: tool.id, args });
      return answer(tool, args);
    });
  return { runner, calls };
}
