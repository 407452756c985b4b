import { readFileSync } from 'node:fs';
import { importOpenApi } from '../src/index.js';
const doc = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
for (let i = 0; i < 5; i++) await importOpenApi(doc);
const t = performance.now();
const N = Number(process.argv[3] ?? 100);
for (let i = 0; i < N; i++) await importOpenApi(doc);
console.log('per import ms', ((performance.now() - t) / N).toFixed(2));
