import { Command } from 'commander';
import { createInspectCommand } from '../commands/inspect.js';
import type { CliIo } from '../io.js';

/** Runs `toolarsenal inspect` in-process; `stop()` ends it like Ctrl-C. */
export function startInspect(argv: string[]) {
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readStdin: async () => '',
  };
  // Only this command, registered with a stop signal the test controls.
  const program = new Command('toolarsenal').exitOverride();
  createInspectCommand((onStop) => void stopped.then(onStop))(program, io);
  const done = program.parseAsync(['inspect', ...argv], { from: 'user' });
  return {
    done,
    stop,
    stdout: () => stdout,
    stderr: () => stderr,
    url: async (): Promise<string> => {
      // A config's sources start first: allow them a minute (real MCP servers under load).
      for (let i = 0; i < 2400 && !/http:\/\/\S+/.test(stdout); i++)
        await new Promise((r) => setTimeout(r, 25));
      const printed = /(http:\/\/\S+)/.exec(stdout);
      if (!printed) throw new Error(`toolarsenal inspect printed no URL; stderr: ${stderr}`);
      return printed[1]!;
    },
  };
}

export function quietIo(): CliIo & { err: () => string } {
  let err = '';
  return {
    stdout: () => {},
    stderr: (t) => {
      err += t;
    },
    readStdin: async () => '',
    err: () => err,
  };
}
