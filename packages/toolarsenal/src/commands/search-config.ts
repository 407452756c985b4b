import type { CliIo } from '../io.js';
import { openArsenal } from './arsenal-session.js';

export interface SearchConfigOptions {
  config?: string;
  k: number;
  json?: boolean;
}

/** `toolarsenal search "<query>" --config`: ranks the tools the config's served toolset gives. */
export async function runSearchConfig(query: string, options: SearchConfigOptions, io: CliIo): Promise<void> {
  const arsenal = await openArsenal(options.config, io, { quiet: options.json === true });
  try {
    const { hits } = await arsenal.search(query, { limit: options.k });
    if (options.json) {
      io.stdout(
        `${JSON.stringify(
          hits.map((h) => ({
            id: h.id,
            score: h.score,
            relevance: h.relevance,
            description: h.tool.description,
          })),
          null,
          2,
        )}\n`,
      );
      return;
    }
    if (hits.length === 0) io.stderr('no tool fits this request\n');
    hits.forEach((hit, i) => {
      const description = hit.tool.description.replace(/\s+/g, ' ');
      const short = description.length > 80 ? `${description.slice(0, 79)}…` : description;
      io.stdout(`${String(i + 1).padStart(2)}. ${hit.score.toFixed(3)}  ${hit.id}  ${short}\n`);
    });
  } finally {
    await arsenal.close({ graceMs: 0 });
  }
}
