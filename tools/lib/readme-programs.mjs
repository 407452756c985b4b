// Turns parsed README blocks into programs to run: one per runnable block, or several blocks joined
// by `readme-test: continue`. Keeps a line map so every message points at the README's own lines.
import { parseReadme } from './markdown-blocks.mjs';

/**
 * @typedef {import('./markdown-blocks.mjs').Block} Block
 * @typedef {{ block: Block, offset: number, lines: number }} Segment  offset: 0-based line in the program
 * @typedef {{ id: string, file: string, kind: 'ts' | 'js' | 'sh', segments: Segment[], code: string,
 *   exit: number, timeoutSeconds: number, skip?: string }} Program
 */

const INSTALL = /^\s*(?:npm\s+(?:install|i|add)|pnpm\s+add|yarn\s+add)(\s.*)?$/;

/**
 * @param {string} file README path (for messages, relative to the repository)
 * @param {string} text README text
 * @param {{ defaultTimeoutSeconds: number }} options
 */
export function readmePrograms(file, text, options) {
  const { blocks, files, errors } = parseReadme(text, file);
  /** @type {Program[]} */
  const programs = [];
  /** @type {Partial<Record<'ts' | 'js' | 'sh', Program>>} */
  const lastOfKind = {};
  for (const block of blocks) {
    if (!block.kind) continue;
    const previous = lastOfKind[block.kind];
    if (block.directives.continue && previous) {
      append(previous, block);
      if (block.directives.exit !== undefined) previous.exit = block.directives.exit;
      if (block.directives.timeoutSeconds) previous.timeoutSeconds += block.directives.timeoutSeconds;
      if (block.directives.skip && !previous.skip) previous.skip = block.directives.skip;
      continue;
    }
    /** @type {Program} */
    const program = {
      id: `${file}:${block.line}`,
      file,
      kind: block.kind,
      segments: [],
      code: '',
      exit: block.directives.exit ?? 0,
      timeoutSeconds: block.directives.timeoutSeconds ?? options.defaultTimeoutSeconds,
      ...(block.directives.skip ? { skip: block.directives.skip } : {}),
    };
    append(program, block);
    programs.push(program);
    lastOfKind[block.kind] = program;
  }
  return { programs, files, errors };
}

function append(program, block) {
  const offset = program.code === '' ? 0 : program.code.split('\n').length - 1;
  program.segments.push({ block, offset, lines: block.code.split('\n').length - 1 });
  program.code += block.code;
}

/** README line of a 1-based line in a program, or undefined past its end (e.g. an added `export {}`). */
export function readmeLine(program, programLine) {
  for (const segment of program.segments) {
    const inSegment = programLine - segment.offset;
    if (inSegment >= 1 && inSegment <= segment.lines) return segment.block.line + inSegment;
  }
  return undefined;
}

/** Where a program lives in its README, e.g. `README.md:37` or `README.md:18+43` for continued blocks. */
export function programLocation(program) {
  return `${program.file}:${program.segments.map((s) => s.block.line).join('+')}`;
}

/**
 * Splits an sh program into the install lines (checked, never run: they would reach the registry) and
 * the script to run (install lines blanked, so line numbers still match).
 * @returns {{ installs: { line: number, names: string[] }[], script: string }}
 */
export function splitInstalls(program) {
  const installs = [];
  const lines = program.code.split('\n');
  const script = lines
    .map((line, index) => {
      const match = INSTALL.exec(line);
      if (!match) return line;
      const names = (match[1] ?? '')
        .replace(/\s#.*$/, '')
        .split(/\s+/)
        .filter((word) => word && !word.startsWith('-'))
        .map((spec) => spec.replace(/(.)@[^/]*$/, '$1'));
      installs.push({ line: readmeLine(program, index + 1) ?? 0, names });
      return '';
    })
    .join('\n');
  return { installs, script };
}
