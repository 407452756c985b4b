import type { ImportProgress } from '@toolarsenal/openapi';
import type { CliIo } from '../io.js';

const PHASES: Record<ImportProgress['phase'], string> = {
  read: 'reading',
  validate: 'validating',
  dereference: 'resolving references',
  operations: 'converting operations',
};

export interface ProgressReporter {
  update: (progress: ImportProgress) => void;
  /** Clears the status line (terminal) once the work is over. */
  done: () => void;
}

/**
 * Progress of a long import on stderr: on a terminal one status line rewritten in place, in a log
 * (`--progress` without a terminal) one line per phase and per tenth of the operations. Nothing
 * when stderr is not a terminal and `--progress` was not given.
 */
export function progressReporter(io: CliIo, force: boolean, name: string): ProgressReporter | undefined {
  const tty = io.stderrIsTTY === true;
  if (!tty && !force) return undefined;
  let shown = false;
  let lastTenth = -1;
  const show = (text: string) => {
    if (tty) io.stderr(`\r\x1b[K${text}`);
    else io.stderr(`${text}\n`);
    shown = true;
  };
  return {
    update: ({ phase, done, total }) => {
      const label = `${name}: ${PHASES[phase]}`;
      if (done === undefined || total === undefined) return show(`${label}…`);
      const tenth = total === 0 ? 10 : Math.floor((done * 10) / total);
      if (!tty && tenth === lastTenth) return;
      lastTenth = tenth;
      show(`${label} ${done}/${total}`);
    },
    done: () => {
      if (tty && shown) io.stderr('\r\x1b[K');
    },
  };
}
