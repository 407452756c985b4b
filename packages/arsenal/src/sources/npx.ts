import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, delimiter, dirname, join, resolve } from 'node:path';

/**
 * The npx fast path. `npx --no-install <name> …args` (or `npx --no <name> …`) runs the bin
 * `<name>` that npm finds in a local `node_modules/.bin`, and never installs anything; but npm
 * itself takes about 0.65 s of CPU to start before it spawns that bin. `resolveNpx` finds the
 * same bin the way npm 11's `npm exec` (libnpmexec) does, so the server can be spawned directly:
 *
 * 1. npm's local prefix: the nearest directory at or above `cwd` with a `package.json` or a
 *    `node_modules`; npm moves it up to a workspace root that lists it as a workspace.
 * 2. A `bin` of that name in the prefix's own `package.json`: npm installs the project itself
 *    into its npx cache to run it. Not taken here (npx is spawned).
 * 3. The first `node_modules/.bin/<name>` that is a file, walking up from the prefix to `/`.
 *    That bin is what npm runs (through `sh -c`), with PATH = that `.bin`, then the
 *    `node_modules/.bin` of `cwd` and of each directory above it, then the inherited PATH.
 *
 * Anything this does not decide exactly is left to npx: other flags (`-p`/`--package`, `-c`,
 * `-y`…), a name that is not a bare command (a scope, a version, a path, a URL), no local bin
 * (npm would look for a global one, then fail), a workspace layout where the prefix is ambiguous,
 * npm settings that change the server's environment (`node-options` in an `.npmrc`, an
 * `npm_config_*` variable in the source's `env`), and Windows (bins are `.cmd` shims).
 */
export interface NpxResolution {
  /** The bin to spawn: `<dir>/node_modules/.bin/<name>`. */
  command: string;
  /** The arguments after the name. */
  args: string[];
  /** PATH for the server, as npm exec would set it. */
  path: string;
}

export interface NpxInput {
  command: string;
  args: readonly string[];
  /** The directory the server runs in (absolute). */
  cwd: string;
  /** The source's `env` (added to the default environment). */
  env?: Readonly<Record<string, string>>;
  /** The inherited PATH (default `process.env.PATH`). */
  inheritedPath?: string | undefined;
  /** Home directory for `~/.npmrc` (default the source env's HOME, else `os.homedir()`). */
  home?: string;
  platform?: NodeJS.Platform;
}

/** Why `resolveNpx` left a command to npx (`undefined`: not an `npx --no-install` command at all). */
export type NpxFallback = { resolved?: undefined; reason: string | undefined };

/** npx's flags meaning "never install" (`--no` is npm's shorthand for `--no-yes`). */
const NO_INSTALL = new Set(['--no-install', '--no']);
/** A bare command name: no scope, version, path, URL or shell syntax. */
const BARE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._+-]{0,213}$/;

/** The bin npm exec would run for `npx --no-install <name> …`, or why npx is spawned instead. */
export function resolveNpx(input: NpxInput): { resolved: NpxResolution; reason?: undefined } | NpxFallback {
  const { command, args, cwd } = input;
  if (command !== 'npx' || !NO_INSTALL.has(args[0] ?? '')) return { reason: undefined };
  const name = args[1] ?? '';
  if (!BARE_NAME.test(name)) return { reason: `"${name.slice(0, 100)}" is not a bare command name` };
  if ((input.platform ?? process.platform) === 'win32') return { reason: 'Windows' };
  if (input.env && Object.keys(input.env).some((key) => /^npm_config_/i.test(key)))
    return { reason: 'the source env sets npm_config_* variables' };
  const inherited = input.env?.PATH ?? input.inheritedPath;
  if (!inherited) return { reason: 'no PATH' };
  if (!isDir(cwd)) return { reason: 'the working directory does not exist' };

  // 1. The local prefix, and the workspace roots above it that npm might move it up to.
  const prefix =
    ancestors(cwd).find((dir) => isFile(join(dir, 'package.json')) || isDir(join(dir, 'node_modules'))) ??
    cwd;
  const manifests: string[] = [prefix];
  const workspaceRoots: string[] = [];
  for (const dir of ancestors(dirname(prefix)).filter((d) => d !== prefix)) {
    if (!isFile(join(dir, 'package.json'))) continue;
    const manifest = readManifest(dir);
    if (manifest === 'unreadable') return { reason: `${join(dir, 'package.json')} is not readable JSON` };
    if (manifest.workspaces !== undefined) {
      workspaceRoots.push(dir);
      manifests.push(dir);
    }
  }
  // 2. The project's own bins (npm installs the project into its npx cache to run them).
  for (const dir of manifests) {
    if (!isFile(join(dir, 'package.json'))) continue;
    const manifest = readManifest(dir);
    if (manifest === 'unreadable') return { reason: `${join(dir, 'package.json')} is not readable JSON` };
    if (declaresBin(manifest, name))
      return { reason: `${join(dir, 'package.json')} declares the bin itself` };
  }
  // npm settings that change the server's environment.
  const home = input.home ?? input.env?.HOME ?? homedir();
  for (const npmrc of [
    ...manifests.map((dir) => join(dir, '.npmrc')),
    join(home, '.npmrc'),
    join(dirname(dirname(process.execPath)), 'etc', 'npmrc'),
  ])
    if (setsNodeOptions(npmrc)) return { reason: `${npmrc} sets node-options` };

  // 3. The first node_modules/.bin/<name> from the prefix up.
  const found = ancestors(prefix).find((dir) => isFile(join(dir, 'node_modules', '.bin', name)));
  if (found === undefined) return { reason: `no node_modules/.bin/${name} at or above ${prefix}` };
  // With a workspace root above the prefix, npm may start from that root instead: the answer is
  // the same only when the bin found is at or above every such root.
  if (workspaceRoots.some((root) => !isAtOrAbove(found, root)))
    return { reason: `${prefix} may be a workspace of ${workspaceRoots.join(', ')}` };

  const binDir = join(found, 'node_modules', '.bin');
  const path = [binDir, ...ancestors(cwd).map((dir) => join(dir, 'node_modules', '.bin')), inherited].join(
    delimiter,
  );
  return { resolved: { command: join(binDir, name), args: args.slice(2), path } };
}

/** `dir`, its parent, …, the root. */
function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let current = resolve(dir); ; current = dirname(current)) {
    out.push(current);
    if (dirname(current) === current) return out;
  }
}

function isAtOrAbove(dir: string, other: string): boolean {
  return ancestors(other).includes(dir);
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

function isDir(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

interface Manifest {
  name?: unknown;
  bin?: unknown;
  directories?: { bin?: unknown };
  workspaces?: unknown;
}

function readManifest(dir: string): Manifest | 'unreadable' {
  try {
    const value: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return value !== null && typeof value === 'object' ? (value as Manifest) : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** Whether a package.json declares a bin `name` (a `directories.bin` may declare any). */
function declaresBin(manifest: Manifest, name: string): boolean {
  if (manifest.directories?.bin !== undefined) return true;
  const { bin } = manifest;
  if (typeof bin === 'string') return typeof manifest.name === 'string' && basename(manifest.name) === name;
  return bin !== null && typeof bin === 'object' && Object.keys(bin).some((key) => basename(key) === name);
}

function setsNodeOptions(npmrc: string): boolean {
  if (!isFile(npmrc)) return false;
  try {
    return /^\s*node[-_]options\s*=/im.test(readFileSync(npmrc, 'utf8'));
  } catch {
    return true;
  }
}
