import { readFileSync } from 'node:fs';
import { importOpenApi } from '../src/index.js';
const doc = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const N = Number(process.argv[3] ?? 100);
const acc = new Map<string, number>();
let last = 0; let phase = '';
const onProgress = (e: { phase: string }) => { const now = performance.now(); if (phase) acc.set(phase, (acc.get(phase) ?? 0) + now - last); if (e.phase !== phase) { phase = e.phase; } last = now; };
for (let i = 0; i < 5; i++) await importOpenApi(doc);
const t = performance.now();
for (let i = 0; i < N; i++) { phase = ''; last = performance.now(); const s = last; await importOpenApi(doc, { onProgress }); acc.set('operations', (acc.get('operations') ?? 0)); acc.set('total', (acc.get('total') ?? 0) + performance.now() - s); }
console.log('per import ms', ((performance.now() - t) / N).toFixed(2), [...acc].map(([k, v]) => `${k}=${(v / N).toFixed(2)}`).join(' '));
