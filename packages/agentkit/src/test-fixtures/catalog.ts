import { readFileSync } from 'node:fs';
import { parseTool, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
import { createRunner, type Runner, type RunnerOptions } from '@toolarsenal/toolrun';

/** The toolkits' in-repo test catalogue (32 realistic tools, no service behind them). */
const CATALOG = new URL('./catalog.json', import.meta.url);

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

/** A runner holding every tool with `answer` as its handler; `calls` records what ran. */
export function catalogRunner(
  tools: readonly Tool[],
  options: RunnerOptions = {},
): { runner: Runner; calls: { id: string; args: Record<string, unknown> }[] } {
  const runner = createRunner({ defaults: { retry: false }, ...options });
  const calls: { id: string; args: Record<string, unknown> }[] = [];
  for (const tool of tools)
    runner.register(tool, (args) => {
      calls.push({ id: tool.id, args });
      return answer(tool, args);
    });
  return { runner, calls };
}
