import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createArsenal, parseConfig, prestartMcpServers } from '../index.js';
import { resolveNpx } from './npx.js';
import { stdioOptions } from './stdio-options.js';

const arsenalDir = fileURLToPath(new URL('../..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const memoryBin = join(repoRoot, 'node_modules', '.bin', 'mcp-server-memory');

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length > 0) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** A directory tree from `{ 'a/package.json': '{}', 'node_modules/.bin/x': '' }`. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'arsenal-npx-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    if (path.includes('.bin/')) chmodSync(join(root, path), 0o755);
  }
  return root;
}

const noHome = () => tree({});

function resolveIn(cwd: string, args: string[], extra: Partial<Parameters<typeof resolveNpx>[0]> = {}) {
  return resolveNpx({ command: 'npx', args, cwd, inheritedPath: '/usr/bin', home: noHome(), ...extra });
}

describe('resolveNpx: the bin npm exec would run for npx --no-install <name>', () => {
  it("finds the bin in the project's node_modules/.bin from a subdirectory, with npm exec's PATH", () => {
    const root = tree({ 'package.json': '{}', 'node_modules/.bin/srv': '', 'src/deep/keep': '' });
    const cwd = join(root, 'src', 'deep');
    const result = resolveIn(cwd, ['--no-install', 'srv', '--flag', 'x y']);
    expect(result.resolved).toEqual({
      command: join(root, 'node_modules', '.bin', 'srv'),
      args: ['--flag', 'x y'],
      path: [
        join(root, 'node_modules', '.bin'),
        join(cwd, 'node_modules', '.bin'),
        join(root, 'src', 'node_modules', '.bin'),
        join(root, 'node_modules', '.bin'),
        ...ancestorsAbove(root).map((dir) => join(dir, 'node_modules', '.bin')),
        '/usr/bin',
      ].join(delimiter),
    });
    expect(resolveIn(cwd, ['--no', 'srv']).resolved?.command).toBe(join(root, 'node_modules', '.bin', 'srv'));
    // The source's env PATH, when given, is the one npm would extend.
    expect(resolveIn(cwd, ['--no', 'srv'], { env: { PATH: '/opt/bin' } }).resolved?.path).toMatch(
      /:\/opt\/bin$/,
    );
  });

  it('walks up from the prefix to the root, as npm does (a bin above the project counts)', () => {
    const root = tree({ 'node_modules/.bin/srv': '', 'app/package.json': '{}' });
    expect(resolveIn(join(root, 'app'), ['--no-install', 'srv']).resolved?.command).toBe(
      join(root, 'node_modules', '.bin', 'srv'),
    );
    // A directory, not a file, of that name is no bin.
    const other = tree({ 'package.json': '{}', 'node_modules/.bin/srv/x': '' });
    expect(resolveIn(other, ['--no-install', 'srv']).reason).toMatch(/no node_modules\/\.bin\/srv/);
  });

  it('starts from the workspace root npm would use: exact when the bin is at the root, npx when a member has its own', () => {
    const root = tree({
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'node_modules/.bin/srv': '',
      'packages/a/package.json': '{}',
      'packages/b/package.json': '{}',
      'packages/b/node_modules/.bin/srv': '',
    });
    expect(resolveIn(join(root, 'packages', 'a'), ['--no-install', 'srv']).resolved?.command).toBe(
      join(root, 'node_modules', '.bin', 'srv'),
    );
    // npm runs the root's bin from a member (its prefix is the root): not decided here, npx runs.
    expect(resolveIn(join(root, 'packages', 'b'), ['--no-install', 'srv']).reason).toMatch(/workspace/);
  });

  it("leaves to npx what npm would not run from node_modules/.bin: the project's own bin, no local bin", () => {
    const own = tree({
      'package.json': JSON.stringify({ name: 'srv', bin: 'cli.js' }),
      'node_modules/.bin/srv': '',
    });
    expect(resolveIn(own, ['--no-install', 'srv']).reason).toMatch(/declares the bin/);
    const named = tree({
      'package.json': JSON.stringify({ bin: { srv: 'cli.js' } }),
      'node_modules/.bin/srv': '',
    });
    expect(resolveIn(named, ['--no-install', 'srv']).reason).toMatch(/declares the bin/);
    const none = tree({ 'package.json': '{}' });
    expect(resolveIn(none, ['--no-install', 'srv']).reason).toMatch(/no node_modules\/\.bin\/srv/);
    const broken = tree({ 'package.json': '{', 'node_modules/.bin/srv': '' });
    expect(resolveIn(broken, ['--no-install', 'srv']).reason).toMatch(/not readable JSON/);
  });

  it("leaves to npx npm settings that change the server's environment, Windows, and a missing cwd", () => {
    const project = tree({ 'package.json': '{}', 'node_modules/.bin/srv': '' });
    expect(
      resolveIn(project, ['--no-install', 'srv'], { env: { npm_config_node_options: '-r x' } }).reason,
    ).toMatch(/npm_config_/);
    const home = tree({ '.npmrc': 'registry=https://example.test/\nnode-options=--max-old-space-size=64\n' });
    expect(resolveIn(project, ['--no-install', 'srv'], { home }).reason).toMatch(/node-options/);
    const withRc = tree({
      'package.json': '{}',
      '.npmrc': 'node_options = -r ./x\n',
      'node_modules/.bin/srv': '',
    });
    expect(resolveIn(withRc, ['--no-install', 'srv']).reason).toMatch(/node-options/);
    expect(resolveIn(project, ['--no-install', 'srv'], { platform: 'win32' }).reason).toBe('Windows');
    expect(resolveIn(join(project, 'missing'), ['--no-install', 'srv']).reason).toMatch(/working directory/);
    expect(resolveIn(project, ['--no-install', 'srv'], { inheritedPath: undefined }).reason).toBe('no PATH');
  });

  it('only takes npx --no-install|--no followed by a bare name; every other form spawns npx unchanged', () => {
    const project = tree({ 'package.json': '{}', 'node_modules/.bin/srv': '' });
    for (const [command, args] of [
      ['node', ['--no-install', 'srv']],
      ['/usr/bin/npx', ['--no-install', 'srv']],
      ['npm', ['exec', '--no-install', 'srv']],
      ['npx', ['srv']],
      ['npx', ['-y', 'srv']],
      ['npx', ['--yes', 'srv']],
      ['npx', ['-p', 'srv', 'srv']],
      ['npx', ['--no-install', '-p', 'srv', 'srv']],
      ['npx', ['--no-install', '--package=srv', 'srv']],
      ['npx', ['--no-install', '-c', 'srv']],
      ['npx', ['--no-install', '--', 'srv']],
      ['npx', ['--offline', 'srv']],
      ['npx', ['--no-install', 'srv@1.2.3']],
      ['npx', ['--no-install', '@scope/srv']],
      ['npx', ['--no-install', '@scope/srv@1']],
      ['npx', ['--no-install', 'github:user/srv']],
      ['npx', ['--no-install']],
    ] as const) {
      const result = resolveNpx({ command, args, cwd: project, inheritedPath: '/usr/bin', home: noHome() });
      expect(result.resolved, `${command} ${args.join(' ')}`).toBeUndefined();
    }
  });

  it('never resolves outside node_modules/.bin, whatever the name', () => {
    // Files a hostile name could reach if it were joined to node_modules/.bin as given.
    const project = tree({
      'package.json': '{}',
      'node_modules/.bin/srv': '',
      'node_modules/evil': '',
      evil: '',
      'node_modules/.bin/.hidden': '',
    });
    for (const name of [
      '',
      ' ',
      '.',
      '..',
      '../evil',
      '../../evil',
      'srv/../../evil',
      '/bin/sh',
      join(project, 'evil'),
      './srv',
      '.hidden',
      'a/b',
      'a\\b',
      '-srv',
      '~',
      '$(touch x)',
      'srv;sh',
      'srv x',
      'srv\n',
      'srv\0',
      'x'.repeat(300),
    ]) {
      const result = resolveIn(project, ['--no-install', name]);
      expect(result.resolved, JSON.stringify(name)).toBeUndefined();
    }
    const ok = resolveIn(project, ['--no-install', 'srv']).resolved!;
    expect(dirname(ok.command)).toBe(join(project, 'node_modules', '.bin'));
    expect(ok.command.split(sep).includes('..')).toBe(false);
  });
});

describe('stdio MCP sources: npx --no-install runs the local bin', () => {
  /** The processes this test process started, with their command line and environment. */
  function children(): { pid: number; argv: string[]; env: string[] }[] {
    const out = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
        const list = (file: string) =>
          readFileSync(`/proc/${entry}/${file}`, 'utf8').split('\0').filter(Boolean);
        out.push({ pid: Number(entry), argv: list('cmdline'), env: list('environ') });
      } catch {
        // exited meanwhile
      }
    }
    return out;
  }

  function memoryConfig(args: string, extra = '') {
    const dir = mkdtempSync(join(tmpdir(), 'arsenal-npx-e2e-'));
    dirs.push(dir);
    const memoryFile = join(dir, 'memory.jsonl');
    const config = parseConfig(
      `
sources:
  - name: memory
    mcp:
      command: npx
      args: ${args}
      cwd: ${JSON.stringify(arsenalDir)}
      env: { MEMORY_FILE_PATH: ${JSON.stringify(memoryFile)} }
      era: legacy
${extra}`,
      { dir, env: {} },
    );
    return { config, marker: `MEMORY_FILE_PATH=${memoryFile}` };
  }

  it.runIf(process.platform === 'linux')(
    'a real server from npm (mcp-server-memory) is spawned from node_modules/.bin, not through npm, and lists its tools',
    async () => {
      expect(existsSync(memoryBin)).toBe(true);
      const { config, marker } = memoryConfig('[--no-install, mcp-server-memory]');
      const options = stdioOptions(config.sources[0]!.mcp!, config.dir, 'memory');
      expect(options.command).toBe(memoryBin);
      expect(options.args).toEqual([]);
      const arsenal = createArsenal(config, { prestarted: prestartMcpServers(config) });
      try {
        await arsenal.ready();
        expect(arsenal.status()[0]).toMatchObject({ name: 'memory', status: 'ready' });
        expect(arsenal.list().map((t) => t.name)).toContain('read_graph');
        expect((await arsenal.call('memory:read_graph', {})).status).toBe('success');
        const ours = children().filter((child) => child.env.includes(marker));
        expect(ours.map((child) => child.argv.slice(1))).toEqual([[memoryBin]]); // node <bin>; no npm
        const path = ours[0]!.env.find((entry) => entry.startsWith('PATH='))!;
        expect(path.startsWith(`PATH=${join(repoRoot, 'node_modules', '.bin')}${delimiter}`)).toBe(true);
        expect(ours[0]!.env.some((entry) => entry.startsWith('npm_'))).toBe(false);
      } finally {
        await arsenal.close({ graceMs: 0 });
      }
    },
  );

  it('resolveNpx: false spawns npx itself', () => {
    const { config } = memoryConfig('[--no-install, mcp-server-memory]\n      resolveNpx: false');
    const options = stdioOptions(config.sources[0]!.mcp!, config.dir, 'memory');
    expect(options.command).toBe('npx');
    expect(options.args).toEqual(['--no-install', 'mcp-server-memory']);
  });

  it('a name not installed locally falls back to npx, and fails as npx did before', async () => {
    // A project of its own whose .npmrc keeps npm offline: npx fails without asking a registry.
    const project = tree({ 'package.json': '{}', '.npmrc': 'offline=true\n' });
    const states = [];
    for (const resolve of [true, false]) {
      const config = parseConfig(
        `sources:\n  - name: gone\n    mcp: { command: npx, args: [--no-install, mcp-server-not-installed-here], cwd: ${JSON.stringify(project)}, era: legacy, resolveNpx: ${resolve} }\n    retry: { initialDelayMs: 60000 }\n`,
        { dir: project, env: {} },
      );
      const options = stdioOptions(config.sources[0]!.mcp!, config.dir, 'gone');
      expect(options.command).toBe('npx');
      expect(options.args).toEqual(['--no-install', 'mcp-server-not-installed-here']);
      const arsenal = createArsenal(config, { prestarted: prestartMcpServers(config) });
      try {
        await arsenal.ready();
        states.push(arsenal.status()[0]);
      } finally {
        await arsenal.close({ graceMs: 0 });
      }
    }
    expect(states[0]!.status).not.toBe('ready');
    expect(states[0]!.error).toMatch(/stdio npx/);
    expect(states[0]).toEqual(states[1]);
  });

  it('NODE_DEBUG=toolarsenal names the resolved bin, never env values', () => {
    const { config } = memoryConfig('[--no-install, mcp-server-memory]');
    const script = `
      import { parseConfig } from ${JSON.stringify(join(arsenalDir, 'src/config-entry.ts'))};
      import { stdioOptions } from ${JSON.stringify(join(arsenalDir, 'src/sources/stdio-options.ts'))};
      const config = parseConfig(${JSON.stringify(readSourceYaml(config))}, { dir: ${JSON.stringify(config.dir)}, env: {} });
      stdioOptions(config.sources[0].mcp, config.dir, 'memory');
      stdioOptions(config.sources[0].mcp, config.dir, 'memory');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: arsenalDir,
      env: { ...process.env, NODE_DEBUG: 'toolarsenal' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = stripVTControlCharacters(run.stderr) // debuglog colours the pid under FORCE_COLOR
      .split('\n')
      .filter((line) => line.startsWith('TOOLARSENAL'));
    expect(lines).toHaveLength(1); // once per config entry
    expect(lines[0]).toMatch(
      /^TOOLARSENAL \d+: source memory: npx --no-install mcp-server-memory runs .*node_modules\/\.bin\/mcp-server-memory \(npx fast path\)$/,
    );
    expect(run.stderr).not.toContain('memory.jsonl');
  });
});

/** The directories above `dir`, nearest first. */
function ancestorsAbove(dir: string): string[] {
  const out: string[] = [];
  for (let current = dirname(dir); ; current = dirname(current)) {
    out.push(current);
    if (dirname(current) === current) return out;
  }
}

/** The memory source's YAML again (the debug test parses it in a child process). */
function readSourceYaml(config: ReturnType<typeof parseConfig>): string {
  const mcp = config.sources[0]!.mcp!;
  return `sources:\n  - name: memory\n    mcp: ${JSON.stringify({ command: mcp.command, args: mcp.args, cwd: mcp.cwd, env: mcp.env, era: mcp.era })}\n`;
}
