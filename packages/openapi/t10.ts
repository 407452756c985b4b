import { importOpenApi } from './src/index.ts';
import { dialectFailures, roundTripFailures } from './src/test-fixtures/dialects.ts';
import { EXPORT_DIALECTS } from './src/test-fixtures/dialects.ts';
console.log(EXPORT_DIALECTS);
for (const f of process.argv.slice(2)) {
  const r = await importOpenApi(f);
  const d = dialectFailures(r.tools); const rt = roundTripFailures(r.tools);
  const by: Record<string, number> = {}; for (const x of d) by[x.dialect] = (by[x.dialect] ?? 0) + 1;
  console.log(f.split('/').pop(), r.tools.length, JSON.stringify(by), 'rt', rt.length, d.slice(0, 2).map(x => x.tool + ' ' + x.problem.slice(0, 250)));
}
