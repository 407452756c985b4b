import { z } from 'zod';
import { explainInvalidPattern } from './patterns.js';

/** Upper bound on list lengths in specs and config files (hostile-input guard). */
export const MAX_LIST = 10_000;

export const nonEmpty = z.string().min(1, 'must not be empty').max(1024, 'longer than 1024 characters');

export const stringList = z.array(nonEmpty).max(MAX_LIST, `at most ${MAX_LIST} entries`);

/** A list of tool or namespace patterns; each is checked as a glob with a precise message. */
export const patternList = z
  .array(z.string())
  .max(MAX_LIST, `at most ${MAX_LIST} entries`)
  .superRefine((patterns, ctx) => {
    patterns.forEach((p, i) => {
      const reason = explainInvalidPattern(p);
      if (reason) ctx.addIssue({ code: 'custom', message: reason, path: [i], params: { code: 'bad_glob' } });
    });
  });

export const hints = z.strictObject({
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});
