import { defineTool, ToolArsenalError } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import type { Embedder } from './embedders/embedder.js';
import { EmbedderError } from './embedders/errors.js';
import { IndexOptionsError, QueryError } from './errors.js';
import { createTestEmbedder } from './test-fixtures/hashing-embedder.js';
import { fixtureTools } from './test-fixtures/tools.js';
import { createIndex } from './tool-index.js';
import type { IndexOptions, SearchOptions } from './types.js';

/** Calls a public entry with input its types forbid, as JavaScript callers and deserialised data can. */
const loose = <T>(value: unknown) => value as T;

describe('wrongly typed input becomes a typed error naming the argument', () => {
  it.each([
    [null, /(add|upsert)\(tools\): expected a tool or an array of tools, got null/],
    [42, /got number 42/],
    ['send_email', /got the string "send_email"/],
    [[null], /tools\[0\] is null, expected a tool object/],
    [[fixtureTools()[0], 7], /tools\[1\] is number 7/],
    [[[]], /tools\[0\] is an array/],
    [[{ description: 'no name' }], /tools\[0\] is not a valid tool/],
  ])('add(%j)', (input, message) => {
    const index = createIndex();
    for (const call of [() => index.add(loose(input)), () => index.upsert(loose(input))]) {
      expect(call).toThrowError(IndexOptionsError);
      expect(call).toThrowError(message);
    }
    expect(index.size).toBe(0);
  });

  it('parses a frozen look-alike of a canonical tool instead of taking it as one', () => {
    const [real] = fixtureTools();
    const lookAlike = Object.freeze({ ...real!, inputSchema: Object.freeze({ type: 'strin' }) });
    const index = createIndex();
    for (const call of [() => index.add(loose([lookAlike])), () => index.upsert(loose(lookAlike))]) {
      expect(call).toThrowError(IndexOptionsError);
      expect(call).toThrowError(/is not a valid tool/);
    }
    expect(index.size).toBe(0);
    // A valid copy is parsed into a canonical tool of its own, with the same content.
    const copy = Object.freeze({ ...real! });
    index.add([copy]);
    expect(index.get(real!.id)?.contentHash).toBe(real!.contentHash);
  });

  it('refuses wrongly typed ids, listeners and list options', () => {
    const index = createIndex();
    index.add(fixtureTools());
    const cases: [() => unknown, RegExp][] = [
      [() => index.remove(loose(null)), /remove\(ids\): expected an id or an array of ids, got null/],
      [() => index.remove(loose(['mail:send_email@1.0.0', 3])), /ids\[1\] is number 3/],
      [() => index.get(loose(1)), /get\(id\): expected a string, got number 1/],
      [() => index.has(loose(undefined)), /has\(id\): expected a string, got undefined/],
      [() => index.onChange(loose('log')), /onChange\(listener\): expected a function/],
      [() => index.list(loose(null)), /list\(options\): expected an object, got null/],
      [() => index.list({ limit: loose('10') }), /list limit must be an integer/],
    ];
    for (const [call, message] of cases) {
      expect(call).toThrowError(IndexOptionsError);
      expect(call).toThrowError(message);
    }
    expect(index.has('mail:send_email@1.0.0')).toBe(true);
  });

  it.each<[unknown, RegExp]>([
    [null, /createIndex\(options\): expected an object, got null/],
    [{ weights: { fuzy: 0 } }, /weights: unknown option "fuzy"/],
    [{ bm25: { fieldWeights: { title: 2 } } }, /bm25\.fieldWeights: unknown option "title"/],
    [{ bm25: 1 }, /bm25 must be an object/],
    [{ embedder: {} }, /embedder must have a non-empty string id/],
    [{ embedder: { id: 'x', dimensions: 0, embed: async () => [] } }, /integer dimensions ≥ 1/],
    [{ fusion: { method: 'max' } }, /fusion must be/],
    [{ maxQueryLength: 0 }, /maxQueryLength must be an integer ≥ 1/],
    [{ embedBatchSize: 1.5 }, /embedBatchSize must be an integer ≥ 1/],
    [{ minRelevance: '0.3' }, /minRelevance must be a number/],
  ])('createIndex(%j)', (options, message) => {
    expect(() => createIndex(loose<IndexOptions>(options))).toThrowError(IndexOptionsError);
    expect(() => createIndex(loose<IndexOptions>(options))).toThrowError(message);
  });

  it.each<[unknown, RegExp]>([
    [null, /search\(\) needs a query string or options/],
    [{ query: 5 }, /query must be a string/],
    [
      { query: 'refund', filters: { namespaces: 'payments' } },
      /filters\.namespaces must be an array of strings/,
    ],
    [{ query: 'refund', filters: { tags: { any: [1] } } }, /filters\.tags\.any\[0\] is number 1/],
    [
      { query: 'refund', filters: { deprecated: 'never' } },
      /filters\.deprecated must be exclude, include or only/,
    ],
    [{ query: 'refund', filters: { predicate: 'x' } }, /filters\.predicate must be a function/],
    [{ query: 'refund', context: { usedTools: 'send_email' } }, /context\.usedTools must be an array/],
    [{ query: 'refund', context: { recentMessages: [null] } }, /context\.recentMessages\[0\]/],
    [{ query: 'refund', context: { health: 1 } }, /context\.health must be an object/],
    [{ query: 'refund', signal: {} }, /signal must be an AbortSignal/],
  ])('search(%j)', async (options, message) => {
    const index = createIndex();
    index.add(fixtureTools());
    await expect(index.search(loose<SearchOptions>(options))).rejects.toThrowError(QueryError);
    await expect(index.search(loose<SearchOptions>(options))).rejects.toThrowError(message);
  });

  it('every error is a ToolArsenalError with a stable code', () => {
    const index = createIndex();
    try {
      index.add(loose([null]));
      expect.unreachable();
    } catch (error) {
      expect(ToolArsenalError.isInstance(error)).toBe(true);
      expect(IndexOptionsError.isInstance(error)).toBe(true);
      expect((error as IndexOptionsError).code).toBe('TOOLINDEX_INVALID_OPTIONS');
    }
  });
});

describe('aborting a search', () => {
  /** An embedder that never settles and ignores its signal, as a hung remote call might. */
  function hungEmbedder(): Embedder & { calls: number } {
    const embedder = {
      id: 'test/hung@8',
      dimensions: 8,
      calls: 0,
      embed: () => {
        embedder.calls++;
        return new Promise<Float32Array[]>(() => undefined);
      },
    };
    return embedder;
  }

  it('rejects with an abort error after abort() even when the embedder ignores the signal', async () => {
    const embedder = hungEmbedder();
    const index = createIndex({ embedder });
    index.add([defineTool({ name: 'send_email', description: 'Send an email.' })]);
    const controller = new AbortController();
    const pending = index.search({ query: 'send an email', mode: 'hybrid', signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    const error = await pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(EmbedderError.isInstance(error)).toBe(true);
    expect((error as EmbedderError).code).toBe('EMBEDDER_ABORTED');
    expect(embedder.calls).toBe(1);
    // The index still serves lexical search, and a later search with a live embedder works.
    expect((await index.search({ query: 'send an email', mode: 'lexical' })).hits).toHaveLength(1);
  });

  it('rejects at once when the signal has already fired', async () => {
    const index = createIndex({ embedder: createTestEmbedder() });
    index.add(fixtureTools());
    await expect(index.search({ query: 'refund', signal: AbortSignal.abort() })).rejects.toThrowError(
      /aborted/i,
    );
  });
});
