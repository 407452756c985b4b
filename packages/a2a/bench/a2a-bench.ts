/**
 * Call overhead of an A2A round trip, against the same tool run in-process, and against the A2A
 * SDK's own client and server (the peer baseline). Prints a markdown table of medians over several runs.
 * Run: npm run bench -w @toolarsenal/a2a
 */
import { randomUUID } from 'node:crypto';
import { Role, type Task } from '@a2a-js/sdk';
import { ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { createRunner } from '@toolarsenal/toolrun';
import { connectAgent } from '../src/client/agent.js';
import { startSampleAgent } from '../src/test-fixtures/sdk-agent.js';
import { startToolsetServer } from '../src/test-fixtures/toolset-server.js';

const CALLS = Number(process.env.CALLS ?? 200);
const RUNS = Number(process.env.RUNS ?? 5);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Median and p95 latency (ms) per call, over RUNS runs of CALLS sequential calls (median of the runs). */
async function measure(call: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 20; i++) await call(); // warm-up
  const medians: number[] = [];
  const p95s: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t = performance.now();
      await call();
      times.push(performance.now() - t);
    }
    medians.push(median(times));
    p95s.push(percentile(times, 95));
  }
  return { median: median(medians), p95: median(p95s) };
}

const message = (text: string, skillId: string) => ({
  tenant: '',
  message: {
    messageId: randomUUID(),
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [
      { content: { $case: 'text' as const, value: text }, metadata: undefined, filename: '', mediaType: '' },
    ],
    metadata: { skillId },
    extensions: [],
    referenceTaskIds: [],
  },
  configuration: undefined,
  metadata: undefined,
});

async function main(): Promise<void> {
  const ours = await startToolsetServer();
  const sample = await startSampleAgent({ streaming: true });
  const rows: [string, { median: number; p95: number }][] = [];
  try {
    const local = ours.runner;
    rows.push([
      'toolrun, in-process (baseline)',
      await measure(() => local.run({ name: 'summarise', arguments: { message: 'hi' } })),
    ]);

    const streaming = await connectAgent({ cardUrl: ours.url });
    const viaStream = createRunner({ executors: [streaming.executor], tools: [...streaming.tools] });
    rows.push([
      'our client → our server, streaming',
      await measure(() => viaStream.run({ name: 'summarise', arguments: { message: 'hi' } })),
    ]);

    const polling = await connectAgent({ cardUrl: ours.url, streaming: false });
    const viaPoll = createRunner({ executors: [polling.executor], tools: [...polling.tools] });
    rows.push([
      'our client → our server, send + poll',
      await measure(() => viaPoll.run({ name: 'summarise', arguments: { message: 'hi' } })),
    ]);

    const sdkToOurs = await new ClientFactory({ transports: [new JsonRpcTransportFactory()] }).createFromUrl(
      ours.url,
    );
    rows.push([
      'SDK client → our server, blocking send',
      await measure(() => sdkToOurs.sendMessage(message('hi', 'summarise')) as Promise<Task>),
    ]);

    const toSample = await connectAgent({ cardUrl: sample.cardUrl });
    const viaSample = createRunner({ executors: [toSample.executor], tools: [...toSample.tools] });
    rows.push([
      'our client → SDK server, streaming',
      await measure(() => viaSample.run({ name: 'echo', arguments: { message: 'hi' } })),
    ]);

    const sdkToSample = await new ClientFactory({
      transports: [new JsonRpcTransportFactory()],
    }).createFromUrl(sample.url);
    rows.push([
      'SDK client → SDK server, blocking send (peer baseline)',
      await measure(() => sdkToSample.sendMessage(message('hi', 'echo'))),
    ]);
    rows.push([
      'SDK client → SDK server, streaming (peer baseline)',
      await measure(async () => {
        for await (const _ of sdkToSample.sendMessageStream(message('hi', 'echo'))) void _;
      }),
    ]);

    rows.push([
      'connectAgent (card fetch + 7 skills → tools)',
      await measure(() => connectAgent({ cardUrl: ours.url })),
    ]);
  } finally {
    await ours.close();
    await sample.close();
  }
  console.log(
    `\n${CALLS} sequential calls × ${RUNS} runs, Node ${process.version}; median of the runs' medians and p95s.\n`,
  );
  console.log('| path | median ms | p95 ms |');
  console.log('| --- | ---: | ---: |');
  for (const [name, { median: m, p95 }] of rows)
    console.log(`| ${name} | ${m.toFixed(2)} | ${p95.toFixed(2)} |`);
}

await main();
