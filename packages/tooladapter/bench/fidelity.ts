/**
 * Fidelity over the 527 real MCP tools: loss entries by keyword × target, tools converted without
 * any loss, and the semantic round-trip percentage per target (arguments valid for the original
 * schema → encoded as a model produces them → decoded → equal and valid).
 * Run: npm run bench:fidelity -w @toolarsenal/tooladapter
 */
import {
  convert,
  loadCorpusTools,
  sampleValidArgs,
  semanticRoundTrip,
  TARGET_CONFIGS,
} from '../src/test-fixtures/corpus-tools.js';

const SAMPLES_PER_TOOL = 6;
const corpus = loadCorpusTools().map((c, i) => ({
  ...c,
  samples: sampleValidArgs(c.tool, SAMPLES_PER_TOOL, 1000 + i),
}));

const byKeyword = new Map<string, Map<string, number>>();
const summary: Array<{
  label: string;
  lossless: number;
  viaNames: number;
  losses: number;
  roundTrip: number;
}> = [];
/** Namespace and version travel in the conversion's name map (restored by toCanonical with it). */
const NAME_MAP_POINTERS = new Set(['/namespace', '/version']);
for (const config of TARGET_CONFIGS) {
  let lossless = 0;
  let viaNames = 0;
  let losses = 0;
  let roundTrip = 0;
  for (const { tool, samples } of corpus) {
    const conversion = convert(tool, config);
    if (conversion.losses.length === 0) lossless++;
    else if (conversion.losses.every((l) => NAME_MAP_POINTERS.has(l.pointer))) viaNames++;
    losses += conversion.losses.length;
    for (const loss of conversion.losses) {
      const key = `${loss.keyword} (${loss.action})`;
      const row = byKeyword.get(key) ?? new Map<string, number>();
      row.set(config.label, (row.get(config.label) ?? 0) + 1);
      byKeyword.set(key, row);
    }
    if (semanticRoundTrip(tool, conversion, samples).ok) roundTrip++;
  }
  summary.push({ label: config.label, lossless, viaNames, losses, roundTrip });
}

const labels = TARGET_CONFIGS.map((c) => c.label);
const short = labels.map((l) =>
  l
    .replace('openai-', 'oai-')
    .replace('responses', 'resp')
    .replace(' strict', '/s')
    .replace('anthropic', 'anthr')
    .replace('openapi-operation', 'openapi')
    .replace('langchain', 'lc'),
);
const keyWidth = Math.max(...[...byKeyword.keys()].map((k) => k.length), 'keyword (action)'.length);
const cell = (s: string, i: number) => s.padStart(Math.max(short[i]!.length, 5));

console.log(`\nLoss entries by keyword × target over ${corpus.length} tools\n`);
console.log(`${'keyword (action)'.padEnd(keyWidth)}  ${short.map((s, i) => cell(s, i)).join('  ')}`);
const rows = [...byKeyword.entries()].sort(
  (a, b) => [...b[1].values()].reduce((x, y) => x + y, 0) - [...a[1].values()].reduce((x, y) => x + y, 0),
);
for (const [key, row] of rows)
  console.log(
    `${key.padEnd(keyWidth)}  ${labels.map((l, i) => cell(String(row.get(l) ?? '·'), i)).join('  ')}`,
  );

const samples = corpus.reduce((n, c) => n + c.samples.length, 0);
console.log(
  `\nPer target (semantic round trip: ${samples} valid argument samples, ${SAMPLES_PER_TOOL} drawn per tool)\n`,
);
console.log(
  `${'target'.padEnd(24)}  ${'lossless tools'.padStart(14)}  ${'+ via name map'.padStart(14)}  ${'loss entries'.padStart(12)}  ${'round trip'.padStart(10)}`,
);
for (const row of summary) {
  const pct = ((row.roundTrip / corpus.length) * 100).toFixed(1);
  console.log(
    `${row.label.padEnd(24)}  ${`${row.lossless}/${corpus.length}`.padStart(14)}  ${`${row.lossless + row.viaNames}/${corpus.length}`.padStart(14)}  ${String(row.losses).padStart(12)}  ${`${pct}%`.padStart(10)}`,
  );
}
