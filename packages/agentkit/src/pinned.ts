import { compileGlob, explainInvalidGlob, isGlob, type Tool } from '@toolarsenal/toolmodel';
import { invalidOption, ToolkitError } from './errors.js';

const MAX_PINNED = 1_000;

/**
 * Pinned-tool patterns, read like toolset's patterns: with `@` a full id
 * (`mcp.git:git_log@1.0.0`), with `:` a versionless id (`mcp.git:git_*`), otherwise a bare name
 * in any namespace (`get_time`, `read_*`). Globs use toolmodel's linear-time matcher.
 */
export function compilePinned(patterns: unknown, option = 'options.pinned'): (tool: Tool) => boolean {
  if (patterns === undefined) return () => false;
  if (!Array.isArray(patterns) || patterns.length > MAX_PINNED)
    throw invalidOption(option, `an array of at most ${MAX_PINNED} tool ids, names or globs`, patterns);
  const tests = patterns.map((pattern, i) => {
    if (typeof pattern !== 'string' || pattern === '' || pattern.length > 512)
      throw invalidOption(`${option}[${i}]`, 'a tool id, name or glob of 1–512 characters', pattern);
    const subject = pattern.includes('@') ? id : pattern.includes(':') ? versionless : name;
    if (!isGlob(pattern)) return (tool: Tool) => subject(tool) === pattern;
    const problem = explainInvalidGlob(pattern);
    if (problem) throw new ToolkitError('TOOLKIT_INVALID_OPTIONS', `${option}[${i}]: ${problem}`);
    const matcher = compileGlob(pattern);
    return (tool: Tool) => matcher(subject(tool));
  });
  return (tool) => tests.some((test) => test(tool));
}

const id = (tool: Tool) => tool.id;
const name = (tool: Tool) => tool.name;
const versionless = (tool: Tool) => {
  const at = tool.id.lastIndexOf('@');
  return at < 0 ? tool.id : tool.id.slice(0, at);
};
