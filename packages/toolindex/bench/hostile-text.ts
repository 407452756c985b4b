import { querySlots } from '../src/ranking/slots.js';
import { HOSTILE_CLAUSE_TEXTS, HOSTILE_SLOT_TEXT } from '../src/test-fixtures/hostile-text.js';
import { splitClauses } from '../src/text/clauses.js';
import { reduceQuery } from '../src/text/query-reduction.js';
import { median, ms, table } from './table.js';

/**
 * Speed on text shaped to make regular expressions backtrack (the unit tests check these are total; speed lives
 * here). `npx tsx bench/hostile-text.ts`. Bound: each well under 100 ms.
 */
const cases: [string, () => unknown][] = [
  ['querySlots, 25k-char hostile text', () => querySlots(HOSTILE_SLOT_TEXT)],
  ...HOSTILE_CLAUSE_TEXTS.map((text, i): [string, () => unknown] => [
    `splitClauses, hostile text ${i + 1}`,
    () => splitClauses(text),
  ]),
  ['reduceQuery, 99,999 chars of one word', () => reduceQuery('refund '.repeat(14_285), () => 1)],
];
const rows = cases.map(([label, run]) => {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return [label, ms(median(times)), ms(Math.max(...times))];
});
console.log(table(['input', 'median ms', 'max ms'], rows));
