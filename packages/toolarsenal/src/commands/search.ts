import {
  createDefaultEmbedder,
  createIndex,
  type SearchHit,
  type SearchMode,
  type SearchOptions,
  type ToolIndex,
} from '@toolarsenal/toolindex';
import { ToolArsenalError } from '@toolarsenal/toolmodel';
import type { Command } from 'commander';
import { CliError, EXIT } from '../cli-error.js';
import { readInput as readStructured } from '../input/read-input.js';
import { type CliIo, processIo, readText } from '../io.js';
import { setExitCode } from '../program.js';
import type { RegisterCommand } from './index.js';
import { runSearchConfig } from './search-config.js';
import { readQueries, readSearchCorpus, type SearchCorpus } from './search-input.js';

interface SearchCommandOptions {
  tools?: string;
  config?: string;
  queries?: string;
  k: string;
  mode?: string;
  explain?: boolean;
  json?: boolean;
  diversity?: string;
  minRelevance?: string;
  progress?: boolean;
}

const MODES: readonly SearchMode[] = ['lexical', 'semantic', 'hybrid'];
/** Batches longer than this show a progress bar (when stderr is a terminal or --progress is given). */
const PROGRESS_AFTER = 50;

function number(
  value: string | undefined,
  flag: string,
  min: number,
  max: number,
  integer = false,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw new CliError(
      `${flag} must be ${integer ? 'an integer' : 'a number'} between ${min} and ${max}, got ${JSON.stringify(value)}`,
    );
  }
  return n;
}

async function buildIndex(corpus: SearchCorpus, mode: SearchMode, io: CliIo): Promise<ToolIndex> {
  // The offline default embedder loads its table only when a semantic or hybrid search needs it.
  const index = createIndex(mode === 'lexical' ? {} : { embedder: createDefaultEmbedder() });
  index.upsert(corpus.tools);
  if (corpus.duplicates > 0)
    io.stderr(`toolarsenal: ${corpus.duplicates} tools replaced an earlier tool with the same id\n`);
  return index;
}

function formatHits(hits: readonly SearchHit[], corpus: SearchCorpus, explain: boolean): string {
  const lines = hits.map((hit, i) => {
    const id = corpus.reportedIds.get(hit.id) ?? hit.id;
    const description = hit.tool.description.replace(/\s+/g, ' ');
    const short = description.length > 80 ? `${description.slice(0, 79)}…` : description;
    let line = `${String(i + 1).padStart(2)}. ${hit.score.toFixed(3)}  ${id}${id === hit.id ? '' : ` (${hit.id})`}  ${short}\n`;
    const b = hit.breakdown;
    if (explain && b) {
      const parts = [
        b.lexical
          ? `bm25 ${b.lexical.raw.toFixed(2)} (norm ${b.lexical.normalized.toFixed(2)}, coverage ${b.lexical.coverage.toFixed(2)})`
          : '',
        b.vector ? `cosine ${b.vector.cosine.toFixed(3)} (norm ${b.vector.normalized.toFixed(2)})` : '',
        `fused ${b.fused.toFixed(3)}`,
        `relevance ${b.relevance.toFixed(2)}`,
        ...Object.entries(b.signals).map(([k, v]) => `${k} ${v.toFixed(2)}`),
        ...Object.entries(b.penalties).map(([k, v]) => `-${k} ${v.toFixed(2)}`),
        b.redundancy !== undefined ? `redundancy ${b.redundancy.toFixed(2)}` : '',
      ].filter((p) => p !== '');
      line += `      ${parts.join(', ')}\n`;
    }
    return line;
  });
  return lines.join('');
}

function progressBar(io: CliIo, total: number, enabled: boolean): (done: number) => void {
  if (!enabled) return () => undefined;
  let last = -1;
  return (done) => {
    const percent = Math.floor((100 * done) / total);
    if (percent === last && done !== total) return;
    last = percent;
    const width = 30;
    const filled = Math.round((width * done) / total);
    io.stderr(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} queries`);
    if (done === total) io.stderr('\n');
  };
}

async function runSearch(
  query: string | undefined,
  options: SearchCommandOptions,
  command: Command,
  io: CliIo,
) {
  const k = number(options.k, '-k', 1, 1000, true) ?? 10;
  const mode = (options.mode ?? 'lexical') as SearchMode;
  if (!MODES.includes(mode))
    throw new CliError(`--mode must be one of ${MODES.join(', ')}, got ${JSON.stringify(options.mode)}`);
  const diversity = number(options.diversity, '--diversity', 0, 1);
  if (query === undefined && options.queries === undefined)
    throw new CliError('give a query or --queries <file>');
  if (query !== undefined && options.queries !== undefined)
    throw new CliError('give either a query or --queries, not both');
  if (options.tools !== undefined && options.config !== undefined)
    throw new CliError('give either --tools <file> or --config <file>, not both');
  if (options.tools === undefined) {
    if (query === undefined) throw new CliError('--queries needs --tools <file>');
    await runSearchConfig(
      query,
      {
        k,
        ...(options.config !== undefined && { config: options.config }),
        ...(options.json && { json: true }),
      },
      io,
    );
    return;
  }
  const source = options.tools === '-' ? '<stdin>' : options.tools;
  const corpus = readSearchCorpus(await readStructured(options.tools, io), source!);
  const index = await buildIndex(corpus, mode, io);
  const batch = options.queries !== undefined;
  // Batch output is for evaluation: keep every scored tool unless a threshold is asked for.
  const minRelevance = number(options.minRelevance, '--min-relevance', 0, 1) ?? (batch ? 0 : undefined);
  const base = {
    limit: k,
    mode,
    ...(diversity !== undefined ? { diversity } : {}),
    ...(minRelevance !== undefined ? { minRelevance } : {}),
  };
  if (!batch) {
    const result = await index.search({ ...base, query: query!, explain: options.explain === true });
    if (options.json) {
      const hits = result.hits.map((h) => ({
        id: corpus.reportedIds.get(h.id) ?? h.id,
        score: h.score,
        relevance: h.relevance,
        ...(h.breakdown ? { breakdown: h.breakdown } : {}),
      }));
      io.stdout(
        `${JSON.stringify({ query, mode, confidence: result.confidence, noRelevantTools: result.noRelevantTools, hits }, null, 2)}\n`,
      );
    } else {
      io.stdout(formatHits(result.hits, corpus, options.explain === true));
      if (result.noRelevantTools) io.stderr('toolarsenal: no indexed tool looks relevant to this query\n');
    }
    return;
  }
  const lines = readQueries(await readText(options.queries!, io));
  if (lines.length === 0) throw new CliError(`${options.queries}: no queries`);
  const showProgress =
    options.progress ?? (io === processIo && process.stderr.isTTY === true && lines.length > PROGRESS_AFTER);
  const tick = progressBar(io, lines.length, showProgress);
  let done = 0;
  let failed = 0;
  for (const line of lines) {
    const outcome = 'error' in line ? line : await answer(index, corpus, base, line);
    if ('error' in outcome) failed++;
    io.stdout(`${JSON.stringify(outcome)}\n`);
    tick(++done);
  }
  io.stderr(
    `toolarsenal: ${lines.length} ${lines.length === 1 ? 'query' : 'queries'}, ${lines.length - failed} answered, ${failed} failed\n`,
  );
  // Every line is answered or reported; the exit code says whether any failed.
  setExitCode(command, failed === 0 ? EXIT.ok : EXIT.problems);
}

/** One batch line's results, or the error that query met (an oversized or empty query, …) as data. */
async function answer(
  index: ToolIndex,
  corpus: SearchCorpus,
  base: Omit<SearchOptions, 'query'>,
  line: { id: string | number; query: string },
): Promise<object> {
  try {
    const result = await index.search({ ...base, query: line.query });
    const results = result.hits.map((h) => ({
      id: corpus.reportedIds.get(h.id) ?? h.id,
      score: round(h.score),
    }));
    return { id: line.id, results };
  } catch (error) {
    if (!ToolArsenalError.isInstance(error)) throw error;
    return { id: line.id, error: { code: error.code, message: error.message } };
  }
}

function round(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}

export const registerSearch: RegisterCommand = (program, io) => {
  program
    .command('search')
    .description(
      'Find the tools that fit a request (BM25, semantic or hybrid), or run a batch of queries for evaluation.',
    )
    .argument('[query]', 'what the tool should do, in plain words')
    .option(
      '--config <file>',
      'search the tools of a gateway config (default when --tools is not given: toolarsenal.yaml in this directory)',
    )
    .option(
      '--tools <file>',
      'tools: canonical JSON/JSONL, any dialect tooladapter reads, or catalogue rows ({"id", "name", "description", "parameters", "tags"}, reported by id)',
    )
    .option(
      '--queries <file>',
      'JSON Lines of {"id", "query"}; prints one {"id", "results"} line per query, or {"id", "error": {code, message}} for a line that cannot be run (exit 1 if any)',
    )
    .option('-k, --k <n>', 'number of tools per query', '10')
    .option('--mode <mode>', `retrieval mode: ${MODES.join(', ')}`, 'lexical')
    .option('--diversity <x>', 'MMR diversity 0..1 (pushes near-duplicate tools down)')
    .option(
      '--min-relevance <x>',
      'calibrated relevance threshold 0..1 (default 0.25 for one query, 0 for --queries)',
    )
    .option('--explain', 'show the score breakdown of each hit')
    .option('--json', "print one query's hits as JSON")
    .option('--progress', 'show a progress bar on stderr for --queries')
    .option('--no-progress', 'never show a progress bar')
    .addHelpText(
      'after',
      '\nExamples:\n  toolarsenal search "refund a payment" --tools tools.json --explain\n  toolarsenal search --tools tools.jsonl --queries queries.jsonl -k 10 > run.jsonl',
    )
    .action(async (query: string | undefined, options: SearchCommandOptions, command: Command) => {
      await runSearch(query, options, command, io);
    });
};
