// Extracts the fenced code blocks of a README and the `readme-test` directives that steer them
// (the convention is documented in DEVELOPERS.md, "README examples").
//
//   <!-- readme-test: skip <reason> -->     the next block is illustrative and is not run
//   <!-- readme-test: continue -->          the next block runs as one program with the previous one
//   <!-- readme-test: exit <code> -->       the next block must exit with this code (sh blocks)
//   <!-- readme-test: timeout <seconds> --> a longer limit for the next block
//   <!-- readme-test: file <name>           a hidden file written into the README's sandbox
//   ...content...
//   -->
//
// Directives may be combined with `;` (`<!-- readme-test: continue; exit 1 -->`); `skip` comes last. A directive that is
// not followed by a code block, or that the harness does not know, is an error, never silently ignored.

const LANGS = new Map([
  ['ts', 'ts'],
  ['typescript', 'ts'],
  ['mts', 'ts'],
  ['js', 'js'],
  ['javascript', 'js'],
  ['mjs', 'js'],
  ['sh', 'sh'],
  ['bash', 'sh'],
  ['shell', 'sh'],
]);

const DIRECTIVE = /^ {0,3}<!--\s*readme-test:\s*(.*?)\s*-->\s*$/;
const FILE_DIRECTIVE = /^ {0,3}<!--\s*readme-test:\s*file\s+(\S+)\s*$/;
const FENCE = /^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)[^`]*$/;

/**
 * @typedef {{ skip?: string, continue?: true, exit?: number, timeoutSeconds?: number }} Directives
 * @typedef {{ file: string, line: number, lang: string, kind: 'ts' | 'js' | 'sh' | undefined,
 *   code: string, directives: Directives }} Block
 * @typedef {{ file: string, line: number, message: string }} ParseError
 */

/**
 * @param {string} text the README's text
 * @param {string} file its path, for messages
 * @returns {{ blocks: Block[], files: { name: string, line: number, content: string }[], errors: ParseError[] }}
 */
export function parseReadme(text, file) {
  const lines = text.split(/\r?\n/);
  const blocks = [];
  const files = [];
  const errors = [];
  /** @type {{ directives: Directives, line: number } | undefined} */
  let pending;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const lineNo = i + 1;

    const fileMatch = FILE_DIRECTIVE.exec(line);
    if (fileMatch) {
      const end = lines.findIndex((l, j) => j > i && /^\s*-->\s*$/.test(l));
      if (end < 0) {
        errors.push({
          file,
          line: lineNo,
          message: `readme-test file ${fileMatch[1]}: no closing "-->" line`,
        });
        break;
      }
      files.push({ name: fileMatch[1], line: lineNo, content: `${lines.slice(i + 1, end).join('\n')}\n` });
      i = end;
      continue;
    }

    const directive = DIRECTIVE.exec(line);
    if (directive) {
      const parsed = parseDirectives(directive[1]);
      if ('error' in parsed) errors.push({ file, line: lineNo, message: parsed.error });
      else pending = { directives: { ...pending?.directives, ...parsed }, line: pending?.line ?? lineNo };
      continue;
    }

    // Other HTML comments (commented-out text or code) are skipped whole.
    if (/^ {0,3}<!--/.test(line)) {
      while (i < lines.length && !lines[i].includes('-->')) i++;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      const [, indent, marker, info] = fence;
      const close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
      const body = [];
      let j = i + 1;
      for (; j < lines.length && !close.test(lines[j]); j++) body.push(stripIndent(lines[j], indent.length));
      const lang = info.toLowerCase();
      const kind = LANGS.get(lang);
      const directives = pending?.directives ?? {};
      if (pending && !kind) {
        errors.push({
          file,
          line: pending.line,
          message: `readme-test directive applies to a \`${lang || 'plain'}\` block (line ${lineNo}), which is never run`,
        });
      }
      blocks.push({ file, line: lineNo, lang, kind, code: `${body.join('\n')}\n`, directives });
      pending = undefined;
      i = j;
      continue;
    }

    if (pending && line.trim() !== '') {
      errors.push({
        file,
        line: pending.line,
        message: 'readme-test directive is not followed by a code block',
      });
      pending = undefined;
    }
  }
  if (pending)
    errors.push({ file, line: pending.line, message: 'readme-test directive at the end of the file' });

  for (const [index, block] of blocks.entries()) {
    if (!block.directives.continue) continue;
    const previous = blocks.slice(0, index).findLast((b) => b.kind !== undefined);
    if (!previous || previous.kind !== block.kind)
      errors.push({
        file,
        line: block.line,
        message: `readme-test continue: no earlier ${block.kind} block to continue`,
      });
  }
  return { blocks, files, errors };
}

/** @returns {Directives | { error: string }} */
function parseDirectives(text) {
  /** @type {Directives} */
  const directives = {};
  // `skip <reason>` takes the rest of the comment, so a reason may contain `;`.
  const skipAt = text.search(/(^|;)\s*skip(\s|$)/);
  const parts = (skipAt < 0 ? text : text.slice(0, skipAt)).split(';').map((p) => p.trim());
  if (skipAt >= 0) parts.push(text.slice(skipAt).replace(/^;/, '').trim());
  for (const part of parts.filter(Boolean)) {
    const [word, ...rest] = part.split(/\s+/);
    const arg = rest.join(' ');
    if (word === 'skip') {
      if (!arg) return { error: 'readme-test skip needs a reason: <!-- readme-test: skip <why> -->' };
      directives.skip = arg;
    } else if (word === 'continue' && !arg) {
      directives.continue = true;
    } else if (word === 'exit' && /^\d{1,3}$/.test(arg)) {
      directives.exit = Number(arg);
    } else if (word === 'timeout' && /^\d{1,4}$/.test(arg) && Number(arg) > 0) {
      directives.timeoutSeconds = Number(arg);
    } else {
      return {
        error: `unknown readme-test directive "${part}" (known: skip <reason>, continue, exit <code>, timeout <seconds>, file <name>)`,
      };
    }
  }
  return directives;
}

function stripIndent(line, width) {
  let n = 0;
  while (n < width && line[n] === ' ') n++;
  return line.slice(n);
}
