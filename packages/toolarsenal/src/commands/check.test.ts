import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixture, run, runBin, scratch } from '../test-fixtures/cli-kit.js';

const lax = [
  {
    type: 'function',
    function: {
      name: 'search',
      description: 'Search',
      parameters: {
        type: 'object',
        properties: { q: { type: 'string' }, limit: { type: 'integer' } },
        required: ['q'],
      },
    },
  },
];

describe('toolarsenal check', () => {
  it('passes valid definitions with exit 0', async () => {
    const files = scratch();
    const { code, stdout, stderr } = await run([
      'check',
      files.write('tools.json', JSON.stringify(lax)),
      '--dialect',
      'openai-chat',
    ]);
    expect(stdout).toBe('');
    expect(stderr).toContain('ok for openai-chat');
    expect(code).toBe(0);
  });

  it('exits 1 with one "pointer  rule  message" line per strict-mode violation', async () => {
    const files = scratch();
    const { code, stdout, stderr } = await run([
      'check',
      files.write('tools.json', JSON.stringify(lax)),
      '--dialect',
      'openai-chat',
      '--strict',
    ]);
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(/^\/\S* {2}\S+ {2}.+$/);
    expect(stdout).toContain('additionalProperties');
    expect(stdout).toContain('limit');
    expect(stderr).toMatch(/\d+ violations? of openai-chat \(strict\)/);
  });

  it('reports JSON for machines with --format json', async () => {
    const files = scratch();
    const { code, stdout } = await run([
      'check',
      files.write('tools.yaml', 'name: "bad name!"\ninput_schema:\n  type: string\n'),
      '--dialect',
      'anthropic',
      '--format',
      'json',
    ]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as {
      valid: boolean;
      violations: Array<{ pointer: string; rule: string; message: string }>;
    };
    expect(report.valid).toBe(false);
    expect(report.violations.length).toBeGreaterThan(0);
    for (const v of report.violations) expect(Object.keys(v).sort()).toEqual(['message', 'pointer', 'rule']);
  });

  it('accepts what convert produced (convert → check)', async () => {
    const files = scratch();
    const input = fixture('mcp-tools.json');
    for (const [dialect, strict] of [
      ['openai-chat', true],
      ['anthropic', true],
      ['gemini', false],
      ['openapi-operation', false],
    ] as const) {
      const out = `${files.dir}/${dialect}.json`;
      const convert = await run([
        'convert',
        input,
        '--to',
        dialect,
        ...(strict ? ['--strict'] : []),
        '-o',
        out,
      ]);
      expect(convert.code, convert.stderr.slice(0, 300)).toBe(0);
      const checked = await run(['check', out, '--dialect', dialect, ...(strict ? ['--strict'] : [])]);
      expect(checked.stdout, dialect).toBe('');
      expect(checked.code).toBe(0);
    }
  });

  it('fails clearly on bad usage', async () => {
    const files = scratch();
    const unknown = await run(['check', files.write('t.json', '[]'), '--dialect', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('anthropic');
    const format = await run(['check', `${files.dir}/t.json`, '--dialect', 'mcp', '--format', 'xml']);
    expect(format.code).toBe(2);
    const missing = await run(['check', `${files.dir}/missing.yaml`, '--dialect', 'mcp']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
    const noDialect = await run(['check', `${files.dir}/t.json`]);
    expect(noDialect.code).toBe(2);
    const help = await run(['check', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--format <format>');
  });
});

describe('the real toolarsenal bin', () => {
  // dist, which bin/toolarsenal.js runs, is built once per run by vitest.global-setup.ts.
  it('converts and checks real files in a child process with the documented exit codes', async () => {
    const files = scratch();
    const input = fixture('mcp-tools.json');
    const bin = fileURLToPath(new URL('../../bin/toolarsenal.js', import.meta.url));
    const out = `${files.dir}/openai.json`;
    const cli = async (...args: string[]) => {
      const { status, stderr } = await runBin(bin, args);
      return { status, stderr };
    };
    const convert = await cli('convert', input, '--to', 'openai-chat', '--strict', '-o', out);
    expect(convert.stderr).toContain('converted 3 tools mcp → openai-chat (strict)');
    expect(convert.status).toBe(0);
    // The five checks are independent of each other: started side by side, not one after another.
    const [ok, other, lax, bad, usage] = await Promise.all([
      cli('check', out, '--dialect', 'openai-chat', '--strict'),
      // OpenAI tools checked as Gemini: not the named dialect, which is bad input (2), not a violation.
      cli('check', out, '--dialect', 'gemini'),
      cli('check', input, '--dialect', 'mcp', '--strict'),
      cli('check', `${files.dir}/openai.json`, '--dialect', 'openai-chat', '--strict', '--max-nodes', '5'),
      cli('check', out, '--dialect', 'cobol'),
    ]);
    expect(ok.status).toBe(0);
    expect(other.stderr).toMatch(/is not in the gemini dialect: .*looks like openai-chat/);
    expect(other.status).toBe(2);
    expect(lax.status).toBe(0);
    expect(bad.status).toBe(1);
    expect(usage.status).toBe(2);
    // Six CLI processes: a hang guard sized for a loaded machine, not a speed bar.
  }, 120_000);

  it('prints its version with --version and -V', async () => {
    const bin = fileURLToPath(new URL('../../bin/toolarsenal.js', import.meta.url));
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    // Both processes side by side, not one after another.
    const runs = await Promise.all(['--version', '-V'].map((flag) => runBin(bin, [flag])));
    for (const run of runs) {
      expect(run.stdout).toBe(`${version}\n`);
      expect(run.status).toBe(0);
    }
  });

  it('exits quietly when the reader of stdout goes away (| head -1)', async () => {
    const bin = fileURLToPath(new URL('../../bin/toolarsenal.js', import.meta.url));
    const child = spawn(process.execPath, [bin, 'convert', fixture('mcp-tools.json'), '--to', 'gemini'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Nobody reads stdout any more: the command's write meets a closed pipe (EPIPE).
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(stderr).toMatch(/converted 3 tools mcp → gemini/);
    expect(status).toBe(0);
  });

  it('exits quietly when stdout and stderr share a pipe whose reader goes away (2>&1 | head -1)', () => {
    const bin = fileURLToPath(new URL('../../bin/toolarsenal.js', import.meta.url));
    // Enough tools that the report on stderr is written after head has read its line and gone.
    const rows = Array.from({ length: 2000 }, (_, i) =>
      JSON.stringify({ name: `t${i}`, namespace: 'a', inputSchema: { type: 'object' } }),
    );
    const files = scratch();
    files.write('many.jsonl', rows.join('\n'));
    const shell = `"${process.execPath}" "${bin}" convert many.jsonl --to gemini 2>&1 | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"`;
    const run = spawnSync('bash', ['-c', shell], { cwd: files.dir, encoding: 'utf8' });
    expect(run.stdout.trim()).toBe('0');
  });
});
