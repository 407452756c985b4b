import {
  createHashingEmbedder,
  createIndex,
  type Embedder,
  IndexOptionsError,
  QueryError,
  type SearchOptions,
  type SearchResult,
  type ToolChange,
  type ToolIndexLike,
} from '@toolarsenal/toolindex';
import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { catalogue, REQUESTS } from './catalogue.js';

/** A backend opened for one test: the index and how to dispose of it. */
export interface OpenedBackend {
  index: ToolIndexLike;
  close(): Promise<void>;
}

/** Opens an empty index on the backend under test (a fresh schema, folder…). */
export type OpenBackend = (options: { embedder?: Embedder }) => Promise<OpenedBackend>;

export interface SuiteOptions {
  /** Per-test timeout (databases in WebAssembly start slowly). */
  timeout?: number;
}

const embedder = () => createHashingEmbedder(64);

async function withIndex<T>(
  open: OpenBackend,
  withEmbedder: boolean,
  fn: (index: ToolIndexLike) => Promise<T>,
): Promise<T> {
  const opened = await open(withEmbedder ? { embedder: embedder() } : {});
  try {
    return await fn(opened.index);
  } finally {
    await opened.close();
  }
}

/** Requests in the index's default mode (hybrid with an embedder, lexical without). */
const DEFAULT_MODE_VARIANTS: Omit<SearchOptions, 'query'>[] = [
  {
    limit: 5,
    context: {
      failedTools: ['mail:send_email@1.0.0'],
      usedTools: ['process_refund'],
      conversationSummary: 'the customer wants money back',
    },
  },
  { limit: 5, diversity: 0.7, minRelevance: 0 },
  { limit: 5, filters: { deprecated: 'include' } },
];

/** The backend returns the in-memory index's hits, scores and breakdowns for the same tools and options. */
async function expectMemoryRanking(
  open: OpenBackend,
  withEmbedder: boolean,
  variants: readonly Omit<SearchOptions, 'query'>[],
): Promise<void> {
  const options = withEmbedder ? { embedder: embedder() } : {};
  const memory = createIndex(options);
  memory.add(catalogue());
  const opened = await open(options);
  try {
    await opened.index.upsert(catalogue());
    for (const query of REQUESTS) {
      for (const variant of variants) {
        const request = { query, ...variant };
        const expected = await memory.search(request);
        const actual = await opened.index.search(request);
        expect({ query, variant, ...ranked(actual) }).toEqual({ query, variant, ...ranked(expected) });
        if (variant.explain) {
          actual.hits.forEach((hit, i) => {
            const want = expected.hits[i]!.breakdown!;
            expect(hit.breakdown?.lexical?.raw).toBeCloseTo(want.lexical?.raw ?? 0, 5);
            if (withEmbedder) expect(hit.breakdown?.vector?.cosine).toBeCloseTo(want.vector!.cosine, 5);
            else expect(hit.breakdown?.vector).toBeUndefined();
            expect(Object.keys(hit.breakdown!.signals).sort()).toEqual(Object.keys(want.signals).sort());
          });
        }
      }
    }
  } finally {
    await opened.close();
  }
}

/** What ranking produced, rounded so float noise below 1e-6 does not count. */
function ranked(result: SearchResult) {
  return {
    ids: result.hits.map((h) => h.id),
    scores: result.hits.map((h) => Math.round(h.score * 1e6) / 1e6),
    relevance: result.hits.map((h) => Math.round(h.relevance * 1e4) / 1e4),
    noRelevantTools: result.noRelevantTools,
    candidates: result.candidates,
  };
}

/**
 * The retrieval behaviour every backend must share with the in-memory index: records, upsert by content hash,
 * the change feed, filters, context signals, MMR, explain, "nothing relevant", typed errors for bad input, and
 * the same ranking as memory for the same tools.
 */
export function describeRetrievalSuite(name: string, open: OpenBackend, options: SuiteOptions = {}): void {
  const timeout = options.timeout ?? 60_000;
  describe(`retrieval suite: ${name}`, () => {
    it('upserts by content hash: added, unchanged, updated; get, list and remove', { timeout }, async () => {
      await withIndex(open, true, async (index) => {
        const tools = catalogue();
        expect(await index.upsert(tools)).toEqual({ added: tools.length, updated: 0, unchanged: 0 });
        expect(await index.upsert(tools)).toEqual({ added: 0, updated: 0, unchanged: tools.length });
        const changed = defineTool({
          name: 'get_forecast',
          namespace: 'weather',
          description: 'Hourly weather forecast.',
        });
        expect(await index.upsert(changed)).toEqual({ added: 0, updated: 1, unchanged: 0 });
        expect((await index.get(changed.id))?.description).toBe('Hourly weather forecast.');
        expect(await index.get('nope:nothing@1.0.0')).toBeUndefined();
        const first = await index.list({ limit: 5 });
        expect(first.tools).toHaveLength(5);
        const rest = await index.list({ limit: 100, cursor: first.nextCursor! });
        expect(rest.nextCursor).toBeUndefined();
        const ids = [...first.tools, ...rest.tools].map((t) => t.id);
        expect(ids).toEqual(tools.map((t) => t.id).sort());
        expect(await index.remove([changed.id, 'nope:nothing@1.0.0'])).toBe(1);
        expect(await index.get(changed.id)).toBeUndefined();
        const after = await index.search({ query: 'weather forecast for a city', mode: 'lexical' });
        expect(after.hits.map((h) => h.id)).not.toContain(changed.id);
      });
    });

    it('tells listeners about adds, updates and removes', { timeout }, async () => {
      await withIndex(open, true, async (index) => {
        const seen: ToolChange[] = [];
        const off = index.onChange((c) => seen.push({ type: c.type, id: c.id }));
        const [a, b] = catalogue();
        await index.upsert([a!, b!]);
        await index.upsert(defineTool({ ...toInput(a!), description: 'Refund a payment.' }));
        await index.remove(b!.id);
        off();
        await index.upsert(catalogue()[2]!);
        expect(seen).toEqual([
          { type: 'add', id: a!.id },
          { type: 'add', id: b!.id },
          { type: 'update', id: a!.id },
          { type: 'remove', id: b!.id },
        ]);
      });
    });

    it(
      'ranks exactly like the in-memory index with an embedder: every mode, explain, context, diversity',
      { timeout },
      async () => {
        await expectMemoryRanking(open, true, [
          { mode: 'lexical', limit: 5 },
          { mode: 'semantic', limit: 5 },
          { mode: 'hybrid', limit: 10, minRelevance: 0, explain: true },
          ...DEFAULT_MODE_VARIANTS,
        ]);
      },
    );

    // Without an embedder an index has the lexical defaults (length pivot, morphology): a backend must resolve
    // the same ones.
    it(
      'ranks exactly like the in-memory index without an embedder: explain, context, diversity',
      { timeout },
      async () => {
        await expectMemoryRanking(open, false, [
          { mode: 'lexical', limit: 10, minRelevance: 0, explain: true },
          ...DEFAULT_MODE_VARIANTS,
        ]);
      },
    );

    it('applies every filter before ranking', { timeout }, async () => {
      await withIndex(open, true, async (index) => {
        await index.upsert(catalogue());
        const ids = async (query: string, filters: SearchOptions['filters'], limit = 20) =>
          (await index.search({ query, filters, limit, minRelevance: 0 })).hits.map((h) => h.id).sort();
        const q = 'refund payment email file weather search invoice';
        expect(await ids(q, { namespaces: ['mail'] })).toEqual([
          'mail:search_inbox@1.0.0',
          'mail:send_email@1.0.0',
        ]);
        expect(await ids(q, { categories: ['storage'] })).toEqual([
          'files:read_file@1.0.0',
          'files:write_file@1.0.0',
        ]);
        expect(await ids(q, { tags: { all: ['payments', 'refunds'] } })).toEqual([
          'payments:process_refund@1.0.0',
        ]);
        expect(await ids(q, { tags: { any: ['weather', 'invoices'] } })).toEqual([
          'payments:create_invoice@1.0.0',
          'weather:get_forecast@1.0.0',
        ]);
        expect(
          (await ids(q, { tags: { none: ['payments', 'email', 'files'] } })).every(
            (id) => !id.startsWith('payments'),
          ),
        ).toBe(true);
        expect(await ids(q, { annotations: { readOnlyHint: true }, namespaces: ['files', 'mail'] })).toEqual([
          'files:read_file@1.0.0',
          'mail:search_inbox@1.0.0',
        ]);
        expect(await ids(q, { capabilities: { required: ['financial'] } })).toEqual([
          'payments:create_invoice@1.0.0',
          'payments:process_refund@1.0.0',
        ]);
        expect(await ids(q, { sources: ['mcp'] })).toEqual(['search:web_search@1.0.0']);
        expect(await ids('refund', {})).not.toContain('payments:legacy_refund@1.0.0');
        expect(await ids('refund', { deprecated: 'only' })).toEqual(['payments:legacy_refund@1.0.0']);
        expect(await ids('refund', { deprecated: 'include' })).toContain('payments:legacy_refund@1.0.0');
        expect(await ids('refund', { excludeIds: ['payments:process_refund@1.0.0'] })).not.toContain(
          'payments:process_refund@1.0.0',
        );
        expect(await ids(q, { predicate: (t) => t.name.startsWith('send') })).toEqual([
          'mail-mirror:send_email@1.0.0',
          'mail:send_email@1.0.0',
        ]);
        const counted = await index.search({ query: q, filters: { namespaces: ['payments'] } });
        expect(counted.candidates).toBe(3);
      });
    });

    it(
      'leaves out unhealthy tools (by id, by name, or by a function) unless asked',
      { timeout },
      async () => {
        await withIndex(open, true, async (index) => {
          await index.upsert(catalogue());
          const ids = async (context: SearchOptions['context']) =>
            (await index.search({ query: 'send an email message', context, limit: 10 })).hits.map(
              (h) => h.id,
            );
          expect(await ids({ health: { 'mail:send_email@1.0.0': 0 } })).not.toContain(
            'mail:send_email@1.0.0',
          );
          const byName = await ids({ health: { send_email: 0 } });
          expect(byName.filter((id) => id.includes('send_email'))).toEqual([]);
          expect(await ids({ health: { send_email: 0, 'mail:send_email@1.0.0': 1 } })).toContain(
            'mail:send_email@1.0.0',
          );
          expect(await ids({ health: (t) => (t.namespace === 'mail' ? 0 : 1) })).not.toContain(
            'mail:send_email@1.0.0',
          );
          expect(await ids({ health: { send_email: 0 }, includeUnhealthy: true })).toContain(
            'mail:send_email@1.0.0',
          );
        });
      },
    );

    it('says when nothing relevant is indexed', { timeout }, async () => {
      await withIndex(open, false, async (index) => {
        await index.upsert(catalogue().filter((t) => t.namespace === 'payments'));
        const result = await index.search('translate this sentence into Japanese');
        expect(result.hits).toEqual([]);
        expect(result.noRelevantTools).toBe(true);
        const found = await index.search('refund the payment');
        expect(found.hits[0]?.id).toBe('payments:process_refund@1.0.0');
        expect(found.noRelevantTools).toBe(false);
      });
    });

    it('spreads near-duplicates apart with diversity', { timeout }, async () => {
      await withIndex(open, true, async (index) => {
        await index.upsert(catalogue());
        const plain = await index.search({
          query: 'send an email message to recipients',
          limit: 2,
          minRelevance: 0,
        });
        expect(plain.hits.map((h) => h.tool.name)).toEqual(['send_email', 'send_email']);
        const diverse = await index.search({
          query: 'send an email message to recipients',
          limit: 2,
          diversity: 0.5,
          minRelevance: 0,
          explain: true,
        });
        expect(diverse.hits.map((h) => h.tool.name)).toContain('search_inbox');
        expect(diverse.hits[1]?.breakdown?.redundancy).toBeGreaterThanOrEqual(0);
      });
    });

    it('refuses bad tools, ids, filters and requests with typed errors', { timeout }, async () => {
      await withIndex(open, false, async (index) => {
        await index.upsert(catalogue().slice(0, 3));
        const bad: [() => unknown, (e: unknown) => boolean][] = [
          [() => index.upsert(null as never), IndexOptionsError.isInstance],
          [() => index.upsert([42] as never), IndexOptionsError.isInstance],
          [() => index.upsert([{ name: '' }] as never), IndexOptionsError.isInstance],
          [() => index.remove(7 as never), IndexOptionsError.isInstance],
          [() => index.remove(['ok', {}] as never), IndexOptionsError.isInstance],
          [() => index.get({} as never), IndexOptionsError.isInstance],
          [() => index.list({ limit: 0 }), IndexOptionsError.isInstance],
          [() => index.list({ cursor: 'not a cursor!' }), IndexOptionsError.isInstance],
          [() => index.search({ query: '' }), QueryError.isInstance],
          [() => index.search({ query: 'x', limit: 0 }), QueryError.isInstance],
          [() => index.search({ query: 'x', mode: 'semantic' }), QueryError.isInstance],
          [
            () => index.search({ query: 'x', filters: { namespaces: 'payments' } as never }),
            QueryError.isInstance,
          ],
          [
            () => index.search({ query: 'x', filters: { tags: { any: [1] } } as never }),
            QueryError.isInstance,
          ],
          [
            () => index.search({ query: 'x', filters: { deprecated: 'maybe' } as never }),
            QueryError.isInstance,
          ],
          [() => index.search({ query: 'x', context: { health: 'bad' } } as never), QueryError.isInstance],
        ];
        for (const [call, guard] of bad) {
          const error = await Promise.resolve()
            .then(call)
            .then(
              () => undefined,
              (e: unknown) => e,
            );
          expect(error, String(call)).toBeDefined();
          expect(guard(error), `${String(call)}: ${String(error)}`).toBe(true);
        }
        // Filter values are data, never SQL or patterns.
        const hostile = await index.search({
          query: 'refund',
          filters: { namespaces: ["payments' OR '1'='1", 'payments\u0000'], tags: { any: ['%', '*'] } },
        });
        expect(hostile.hits).toEqual([]);
        expect((await index.list({ limit: 10 })).tools).toHaveLength(3);
      });
    });
  });
}

function toInput(tool: ReturnType<typeof catalogue>[number]) {
  return {
    name: tool.name,
    namespace: tool.namespace,
    description: tool.description,
    inputSchema: tool.inputSchema as Record<string, unknown>,
    tags: [...tool.tags],
    ...(tool.category ? { category: tool.category } : {}),
    capabilities: [...tool.capabilities],
    annotations: { ...tool.annotations },
  };
}
