import { validateArguments } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { arbitraryFromSchema } from './src/test-fixtures/arbitrary-from-schema.js';
import { loadCorpusTools } from './src/test-fixtures/corpus-tools.js';
const corpus = loadCorpusTools();
let total = 0,
  raw = 0;
const bad: string[] = [];
corpus.forEach((c, i) => {
  const samples = fc.sample(arbitraryFromSchema(c.tool.inputSchema, { maxDepth: 3 }), {
    numRuns: 6,
    seed: 1000 + i,
  });
  raw += samples.length;
  const ok = samples.filter((a) => validateArguments(c.tool, a).valid);
  total += ok.length;
  if (ok.length < samples.length && bad.length < 3)
    bad.push(
      `${c.tool.name} ${JSON.stringify(samples.find((a) => !validateArguments(c.tool, a).valid)).slice(0, 200)} ${JSON.stringify(
        validateArguments(
          c.tool,
          samples.find((a) => !validateArguments(c.tool, a).valid),
        ).errors,
      )}`,
    );
});
console.log(raw, total, bad);
