import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { HttpLlm } from '@samchon/openapi';
const file = process.argv[2];
const text = readFileSync(file, 'utf8');
const doc = file.endsWith('.json') ? JSON.parse(text) : parse(text, { uniqueKeys: false, maxAliasCount: -1 });
const times = [];
let app;
for (let i = 0; i < Number(process.argv[3] ?? 3); i++) {
  const copy = structuredClone(doc);
  const t = performance.now();
  app = HttpLlm.application({ document: copy });
  times.push(performance.now() - t);
}
console.log(file.split('/').pop(), 'functions', app.functions.length, 'errors', app.errors.length, times.map((t) => t.toFixed(1)).join(' '));
