/**
 * Prints one line per corpus tool × export target with everything a conversion yields: the
 * value, the losses in order, the name map, encoded and decoded sample arguments, and the tool
 * read back from the value. Run it against two builds and `cmp` the outputs to prove a change of
 * the lowering code leaves every conversion byte-identical:
 *
 *   DUMP_DIST=/path/to/other/packages/tooladapter/dist node --import tsx bench/dump-conversions.ts > a.txt
 *   node --import tsx bench/dump-conversions.ts > b.txt && cmp a.txt b.txt
 *
 * Tools are read with this worktree's `toCanonical` (src) so both builds lower the same input.
 * Covers the MCP corpus namespaced (as the catalogue holds it) and plain, and the BFCL functions.
 */
import type * as tooladapter from '../src/index.js';
import { toCanonical as readTools } from '../src/index.js';
import type { Tool } from '@toolarsenal/toolmodel';
import { loadBfclCorpus, loadMcpCorpus } from '../src/test-fixtures/corpus.js';
import { loadCorpusTools, sampleValidArgs, TARGET_CONFIGS } from '../src/test-fixtures/corpus-tools.js';

const dist = process.env.DUMP_DIST ?? '../dist';
const ta = (await import(`${dist}/index.js`)) as typeof tooladapter;
const only = process.env.DUMP_TARGET;

const corpus = loadCorpusTools();
const tools: Array<{ label: string; tool: Tool }> = [];
corpus.forEach((c, i) => tools.push({ label: `mcp#${i} ns`, tool: c.tool }));
loadMcpCorpus().forEach((entry, i) =>
  tools.push({ label: `mcp#${i}`, tool: readTools(entry.tool, 'mcp').tools[0]! }),
);
loadBfclCorpus().forEach((entry, i) => {
  const read = readTools(entry.function, 'legacy-function').tools[0];
  if (read) tools.push({ label: `bfcl#${i}`, tool: read });
});

const errorText = (error: unknown) =>
  `${(error as { code?: string }).code ?? ''} ${(error as Error).message}`.trim();

function line(tool: Tool, samples: readonly unknown[], config: (typeof TARGET_CONFIGS)[number]): unknown {
  const options = config.strict === undefined ? {} : { strict: config.strict };
  let conversion: tooladapter.Conversion;
  try {
    conversion = ta.fromCanonical(tool, config.dialect, options);
  } catch (error) {
    return { threw: errorText(error) };
  }
  const args = samples.map((a) => {
    try {
      const wire = JSON.parse(JSON.stringify(conversion.encodeArgs(a))) as unknown;
      return { wire, decoded: conversion.decode(wire) };
    } catch (error) {
      return { threw: errorText(error) };
    }
  });
  let readBack: unknown;
  try {
    const read = ta.toCanonical(conversion.value, config.dialect, { names: conversion.names });
    readBack = { tools: read.tools, losses: read.losses };
  } catch (error) {
    readBack = { threw: errorText(error) };
  }
  const { value, losses, names } = conversion;
  return { value, losses, names, args, readBack };
}

for (let i = 0; i < tools.length; i++) {
  const { label, tool } = tools[i]!;
  const samples = sampleValidArgs(tool, 3, 7000 + i);
  for (const config of TARGET_CONFIGS) {
    if (only !== undefined && config.label !== only) continue;
    process.stdout.write(`${label} ${config.label} ${JSON.stringify(line(tool, samples, config))}\n`);
  }
}
