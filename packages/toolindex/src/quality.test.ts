import type { Tool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { createDefaultEmbedder } from './embedders/index.js';
import { createTestEmbedder } from './test-fixtures/hashing-embedder.js';
import { fixtureTools, paymentTools } from './test-fixtures/tools.js';
import { createIndex } from './tool-index.js';
import type { SearchFilters, SearchMode } from './types.js';

const MODES: SearchMode[] = ['lexical', 'semantic', 'hybrid'];

function fullIndex() {
  const index = createIndex({ embedder: createTestEmbedder() });
  index.add(fixtureTools());
  return index;
}

describe('retrieval quality on the fixture catalogue', () => {
  const plain: [string, string][] = [
    ['refund the customer for payment 123', 'process_refund'],
    ['send an email to bob with the report', 'send_email'],
    ['read the contents of config.yaml', 'read_file'],
    ['schedule a meeting with the team at 3pm', 'create_event'],
    ['create an invoice due next month', 'createInvoice'],
    ['what is the status of my payment', 'get_payment_status'],
  ];

  for (const mode of MODES) {
    it(`puts the right tool first for plain queries (${mode})`, async () => {
      const index = fullIndex();
      for (const [query, name] of plain) {
        const result = await index.search({ query, mode });
        expect(result.hits[0]?.tool.name, query).toBe(name);
        expect(result.noRelevantTools).toBe(false);
      }
    });
  }

  it('finds every tool a multi-tool request needs in the top 5', async () => {
    const index = fullIndex();
    const result = await index.search({
      query: 'refund the payment and send an email to the customer',
      limit: 5,
    });
    const names = result.hits.map((h) => h.tool.name);
    expect(names).toContain('process_refund');
    expect(names).toContain('send_email');
  });

  it('answers "nothing relevant" for a weather question over a payments index', async () => {
    const index = createIndex({ embedder: createTestEmbedder() });
    index.add(paymentTools());
    for (const mode of MODES) {
      const result = await index.search({ query: "What's the weather like in Paris tomorrow?", mode });
      expect(result.hits, mode).toEqual([]);
      expect(result.noRelevantTools).toBe(true);
      expect(result.confidence).toBeLessThan(index.minRelevance);
    }
    const flagged = await index.search({
      query: 'weather forecast in Paris',
      minRelevance: 0,
      explain: true,
    });
    expect(flagged.hits.every((h) => h.relevance < index.minRelevance)).toBe(true);
  });

  it('answers "nothing relevant" with the shipped default embedder too', async () => {
    const index = createIndex({ embedder: createDefaultEmbedder() });
    index.add(paymentTools());
    for (const mode of MODES) {
      const weather = await index.search({ query: "What's the weather like in Paris tomorrow?", mode });
      expect(weather.hits, mode).toEqual([]);
      expect(weather.noRelevantTools).toBe(true);
      const refund = await index.search({ query: 'refund an order for a customer', mode });
      expect(refund.hits[0]?.tool.name, mode).toBe('process_refund');
    }
    const full = createIndex({ embedder: createDefaultEmbedder() });
    full.add(fixtureTools());
    expect((await full.search('book a flight to Rome')).noRelevantTools).toBe(true);
    expect((await full.search('schedule a meeting with the team at 3pm')).hits[0]?.tool.name).toBe(
      'create_event',
    );
  });

  it('still answers relevant queries over the same payments index', async () => {
    const index = createIndex({ embedder: createTestEmbedder() });
    index.add(paymentTools());
    const result = await index.search('refund an order for a customer');
    expect(result.hits[0]?.tool.name).toBe('process_refund');
    expect(result.confidence).toBeGreaterThan(index.minRelevance);
  });

  it('down-weights a tool that already failed below its alternative', async () => {
    const index = fullIndex();
    const query = 'search the web for rust tutorials';
    const before = await index.search({ query, explain: true, diversity: 0 });
    const first = before.hits[0]!;
    expect(first.tool.name).toBe('web_search');
    const after = await index.search({ query, context: { failedTools: [first.id] }, explain: true });
    expect(after.hits[0]?.id).not.toBe(first.id);
    const failed = after.hits.find((h) => h.id === first.id);
    expect(failed?.breakdown?.penalties.failed).toBeGreaterThan(0);
    const used = await index.search({ query, context: { usedTools: [first.id], intent: 'none' } });
    const usedHit = used.hits.find((h) => h.id === first.id)!;
    expect(usedHit.score).toBeGreaterThan(failed!.score);
  });

  it('uses conversation context, intent, health and cost signals with an explain breakdown', async () => {
    const index = fullIndex();
    const result = await index.search({
      query: 'send it',
      explain: true,
      context: {
        conversationSummary: 'User wants the quarterly report mailed to the finance team by email.',
        recentMessages: [{ role: 'user', content: 'email it to finance@example.com' }],
        health: { 'mail:send_email@1.0.0': 1 },
        cost: { 'mail:send_email@1.0.0': 0.1 },
      },
    });
    expect(result.intent).toBe('communication');
    const top = result.hits[0]!;
    expect(top.tool.name).toBe('send_email');
    expect(top.breakdown?.signals.intent).toBe(1);
    expect(top.breakdown?.signals.conversation).toBeGreaterThan(0);
    expect(top.breakdown?.signals.health).toBe(1);
    expect(top.breakdown?.signals.cost).toBeCloseTo(0.9);
    expect(top.breakdown?.lexical?.raw).toBeGreaterThanOrEqual(0);
    expect(top.breakdown?.vector?.cosine).toBeGreaterThan(0);
  });

  it('excludes tools whose health is 0 (circuit open) unless asked to include them', async () => {
    const index = fullIndex();
    const health = { 'payments:process_refund@1.0.0': 0 };
    const hidden = await index.search({ query: 'refund payment', context: { health } });
    expect(hidden.hits.map((h) => h.tool.name)).not.toContain('process_refund');
    const shown = await index.search({
      query: 'refund payment',
      context: { health, includeUnhealthy: true },
    });
    expect(shown.hits.map((h) => h.tool.name)).toContain('process_refund');
  });

  it('MMR keeps near-duplicate tools from several servers out of the top results', async () => {
    const index = fullIndex();
    const query = 'search the web for pages';
    const countDup = (names: string[]) => names.filter((n) => n === 'web_search').length;
    for (const mode of MODES) {
      const plainHits = await index.search({ query, limit: 3, mode, minRelevance: 0 });
      expect(countDup(plainHits.hits.map((h) => h.tool.name)), mode).toBe(3);
      const diverse = await index.search({
        query,
        limit: 3,
        mode,
        diversity: 0.5,
        explain: true,
        minRelevance: 0,
      });
      const names = diverse.hits.map((h) => h.tool.name);
      expect(countDup(names), mode).toBe(1);
      expect(diverse.hits[0]?.tool.name).toBe('web_search');
      expect(diverse.hits[1]?.breakdown?.redundancy).toBeLessThan(0.9);
    }
  });
});

describe('filters are applied before ranking', () => {
  it('every hit satisfies the filters and the limit is filled when enough tools match', async () => {
    const index = fullIndex();
    const readOnly = await index.search({
      query: 'search files emails web payment',
      limit: 4,
      filters: { annotations: { readOnlyHint: true } },
      minRelevance: 0,
    });
    expect(readOnly.hits).toHaveLength(4);
    expect(readOnly.hits.every((h) => h.tool.annotations.readOnlyHint === true)).toBe(true);

    const cases: [SearchFilters, (t: Tool) => boolean][] = [
      [{ namespaces: ['mail'] }, (t) => t.namespace === 'mail'],
      [
        { tags: { any: ['files', 'calendar'] } },
        (t) => t.tags.some((x) => x === 'files' || x === 'calendar'),
      ],
      [
        { tags: { all: ['payments', 'refunds'] } },
        (t) => t.tags.includes('payments') && t.tags.includes('refunds'),
      ],
      [{ tags: { none: ['payments'] } }, (t) => !t.tags.includes('payments')],
      [{ categories: ['finance'] }, (t) => t.category === 'finance'],
      [{ sources: ['manual'] }, (t) => t.source === 'manual'],
      [
        { capabilities: { required: ['financial'] }, excludeIds: ['payments:createInvoice@1.0.0'] },
        (t) => t.capabilities.includes('financial') && t.name !== 'createInvoice',
      ],
      [
        { capabilities: { excluded: ['write_data', 'network_access'] } },
        (t) => !t.capabilities.includes('write_data') && !t.capabilities.includes('network_access'),
      ],
      [{ deprecated: 'only' }, (t) => t.deprecated],
      [{ deprecated: 'include' }, () => true],
      [{ predicate: (t) => t.name.startsWith('web') }, (t) => t.name.startsWith('web')],
    ];
    const query = 'refund payment invoice email file web search calendar event news';
    for (const [filters, accepts] of cases) {
      const label = JSON.stringify(filters);
      const expected = fixtureTools().filter(
        (t) => accepts(t) && (filters.deprecated !== undefined || !t.deprecated),
      );
      for (const mode of MODES) {
        const result = await index.search({ query, filters, limit: 20, minRelevance: 0, mode });
        expect(result.candidates, label).toBe(expected.length);
        expect(result.hits.length, `${label} ${mode}`).toBeGreaterThan(0);
        for (const hit of result.hits) expect(accepts(hit.tool), `${label} ${hit.id}`).toBe(true);
        if (filters.deprecated === undefined) expect(result.hits.every((h) => !h.tool.deprecated)).toBe(true);
      }
    }
  });

  it('a strict filter still returns matching tools that rank below the unfiltered top k', async () => {
    const index = fullIndex();
    const result = await index.search({
      query: 'refund payment',
      limit: 1,
      filters: { namespaces: ['calendar'] },
      minRelevance: 0,
      mode: 'hybrid',
    });
    expect(result.hits.map((h) => h.tool.name)).toEqual(['create_event']);
    expect(result.candidates).toBe(1);
  });
});
