import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadOpenTelemetry } from './otel.js';

describe('@opentelemetry/api is an optional peer dependency', () => {
  it('loads when installed, is skipped when not, and other load errors propagate', () => {
    expect(loadOpenTelemetry((id) => ({ id }))).toEqual({ id: '@opentelemetry/api' });
    const notFound = () => {
      throw Object.assign(new Error("Cannot find module '@opentelemetry/api'"), { code: 'MODULE_NOT_FOUND' });
    };
    expect(loadOpenTelemetry(notFound)).toBeUndefined();
    expect(() =>
      loadOpenTelemetry(() => {
        throw new SyntaxError('broken install');
      }),
    ).toThrow('broken install');
  });

  it('the runner runs calls (with local trace ids) in a process where the API cannot be loaded', () => {
    const blocker = fileURLToPath(new URL('./test-fixtures/block-otel.mjs', import.meta.url));
    const script = fileURLToPath(new URL('./test-fixtures/run-without-otel.ts', import.meta.url));
    const out = execFileSync(process.execPath, ['--import', blocker, '--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const report = JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
    expect(report).toMatchObject({ api: false, status: 'success', result: { sum: 2 }, missing: 'not_found' });
    expect(report.traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
