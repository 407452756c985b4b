// Writes schema/toolarsenal.schema.json from the zod schemas (run after `npm run build`).
import { writeFileSync } from 'node:fs';
import { configJsonSchema } from '../dist/config/json-schema.js';

const out = new URL('../schema/toolarsenal.schema.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(configJsonSchema(), null, 2)}\n`);
console.log(`wrote ${out.pathname}`);
