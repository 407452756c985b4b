import { DIALECTS } from '@toolarsenal/tooladapter';
import { Option } from 'commander';

/** A `--to/--from/--dialect` option restricted to the known dialects (commander lists them on error). */
export function dialectOption(flags: string, description: string, extra: readonly string[] = []): Option {
  return new Option(flags, description).choices([...DIALECTS, ...extra]);
}
