// Runs calls with the runner's default tracing while `@opentelemetry/api` cannot be loaded.
import { createRunner } from '../index.js';
import { otelApi } from '../otel.js';

const runner = createRunner();
runner.register({ name: 'add', inputSchema: { type: 'object' } }, (args) => ({
  sum: (args.a as number) + 1,
}));
const ok = await runner.run({ name: 'add', arguments: { a: 1 } });
const missing = await runner.run({ name: 'nope' });
console.log(
  JSON.stringify({
    api: otelApi() !== undefined,
    status: ok.status,
    result: ok.result,
    traceId: ok.traceId,
    missing: missing.status,
  }),
);
