import { check, fromCanonical, toCanonical } from './src/index.js';
import { TARGET_CONFIGS } from './src/test-fixtures/corpus-tools.js';
const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
const huge = { name: 'huge', inputSchema: { type: 'object', properties: { e: { type: 'string', enum: values } } } };
const tool = toCanonical(huge, 'mcp').tools[0]!;
for (const config of TARGET_CONFIGS) {
  const o = config.strict === undefined ? {} : { strict: config.strict };
  try { const { value, losses } = fromCanonical(tool, config.dialect, o); const v = check(value, config.dialect, o); console.log(config.label, 'ok', losses.length, v.map(x => x.rule)); }
  catch (e: any) { console.log(config.label, e.code, e.reason); }
}
