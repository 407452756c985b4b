import type { Tool } from '@toolarsenal/toolmodel';
import type { Entry } from './entry.js';
import type { LexicalScores, QueryTerm } from './lexical/bm25.js';
import type { CharGramModel, CharGramQuery } from './lexical/char-grams.js';
import { FIELD_COUNT } from './lexical/doc-terms.js';
import { type FusionOptions, fuseByMode } from './ranking/fusion.js';
import { argumentCoverage, parameterFeatures } from './ranking/arguments.js';
import { type ClauseEvidence, clauseScores } from './ranking/clauses.js';
import { slotMatch } from './ranking/slots.js';
import { intentMatch, type TaskIntent } from './ranking/intent.js';
import { mmrSelect } from './ranking/mmr.js';
import { nameScores } from './ranking/name-match.js';
import { maxNormalize, minMaxNormalize } from './ranking/normalize.js';
import { calibratedRelevance, semanticRelevance } from './ranking/relevance.js';
import { combineSignals, type Penalties, type SignalWeights } from './ranking/signals.js';
import { topK } from './ranking/top-k.js';
import type { ScoreBreakdown, SearchContext, SearchHit, SearchMode, ToolSignal } from './types.js';
import { dot } from './vector/vectors.js';

/** Everything ranking needs, gathered by the index. */
export interface RankInput {
  mode: SearchMode;
  /** The query's tokens (as the index tokenises), for the arguments signal. */
  queryTerms: ReadonlySet<string>;
  /** Slot kinds the query's values fill (bit mask), for the slots signal. */
  querySlots: number;
  /** Character-gram model and the query's gram vector, for the fuzzy signal (absent: signal off). */
  charGrams?: { model: CharGramModel; query: CharGramQuery };
  entries: readonly (Entry | undefined)[];
  lexical?: LexicalScores;
  /** Cosine per slot (NaN where not scored), the scored slots with their cosines, and their mean. */
  vector?: { cosine: Float32Array; slots: Uint32Array; values: Float32Array; background: number };
  /** Evidence per clause of a request that asks for several things, for the clauses signal. */
  clauses?: ClauseEvidence;
  /** The query's vector and each tool's name vector, for the name signal (absent: signal off). */
  names?: { query: Float32Array; vector: (tool: Tool) => Float32Array | undefined };
  conversation?: LexicalScores;
  context?: SearchContext;
  intent?: TaskIntent;
  /** The term of a term id (intent signal). */
  termOf: (id: number) => string | undefined;
  /** BM25F of the given slots for a query (clauses signal). */
  scoreDocuments: (query: readonly QueryTerm[], slots: readonly number[]) => Float64Array;
  fusion: FusionOptions;
  weights: SignalWeights;
  penalties: Penalties;
  limit: number;
  diversity: number;
  minScore: number;
  minRelevance: number;
  explain: boolean;
}

export interface RankOutput {
  hits: SearchHit[];
  confidence: number;
}

/** Candidates the fuzzy (character-gram) signal scores, at least. */
const FUZZY_CANDIDATES = 20;

/** Candidates the clauses signal scores, at least (same quality on the ToolLens dev split from 40 to 1,000). */
const CLAUSE_CANDIDATES = 40;

/**
 * Candidate pool per retriever: enough headroom for context signals and MMR to reorder. 50 ranks as well as 100
 * on the ToolLens dev split (R@5 and NDCG@5 within 0.1) and scores half as many candidates per query.
 */
export function poolSize(limit: number): number {
  return Math.max(50, limit * 5);
}

export function rank(input: RankInput): RankOutput {
  const pool = poolSize(input.limit);
  const slots: number[] = [];
  const inPool = new Set<number>();
  const addSlot = (slot: number) => {
    if (!inPool.has(slot)) {
      inPool.add(slot);
      slots.push(slot);
    }
  };
  // Position of each pool slot in the lexical result arrays (dense over slots only when hybrid needs it).
  const lexIndex = new Map<number, number>();
  let lexMax = 0;
  if (input.lexical) {
    const lx = input.lexical;
    for (let i = 0; i < lx.scores.length; i++) if (lx.scores[i]! > lexMax) lexMax = lx.scores[i]!;
    for (const i of topK(lx.scores, pool)) {
      lexIndex.set(lx.slots[i]!, i);
      addSlot(lx.slots[i]!);
    }
  }
  if (input.vector) {
    const v = input.vector;
    for (const i of topK(v.values, pool)) addSlot(v.slots[i]!);
    if (input.lexical && slots.length > lexIndex.size) {
      const dense = new Int32Array(input.entries.length).fill(-1);
      input.lexical.slots.forEach((slot, i) => {
        dense[slot] = i;
      });
      for (const slot of slots)
        if (!lexIndex.has(slot) && dense[slot]! >= 0) lexIndex.set(slot, dense[slot]!);
    }
  }
  const n = slots.length;
  const lexRaw = new Float64Array(n);
  const coverage = new Float64Array(n);
  const cosines = new Float64Array(n);
  slots.forEach((slot, i) => {
    const at = lexIndex.get(slot);
    if (at !== undefined && input.lexical) {
      lexRaw[i] = input.lexical.scores[at]!;
      coverage[i] = input.lexical.coverage[at]!;
    }
    if (input.vector) cosines[i] = input.vector.cosine[slot]!;
  });
  const lexNorm = lexMax > 0 ? lexRaw.map((s) => s / lexMax) : new Float64Array(n);
  const vecNorm = input.vector ? minMaxNormalize(cosines) : new Float64Array(n);
  const fused = fuseByMode(input.mode, input.fusion, lexNorm, vecNorm);
  const relevance = slots.map((_, i) =>
    calibratedRelevance(
      input.lexical ? coverage[i] : undefined,
      input.vector ? semanticRelevance(cosines[i]!, input.vector.background) : undefined,
    ),
  );
  const confidence = relevance.reduce((a, b) => Math.max(a, b), 0);

  const fuzzy = fuzzyScores(input, slots, fused);
  const clauses =
    input.clauses && input.weights.clauses > 0
      ? clauseScores(
          input.mode,
          input.fusion,
          slots,
          topK(fused, Math.max(CLAUSE_CANDIDATES, input.limit * 3)),
          input.entries,
          input.scoreDocuments,
          input.clauses,
          input.weights,
        )
      : undefined;
  const conversation = conversationScores(input, slots);
  const names =
    input.names && input.weights.name > 0
      ? nameScores(slots, input.entries, input.names.query, input.names.vector)
      : undefined;
  const used = nameSet(input.context?.usedTools);
  const failed = nameSet(input.context?.failedTools);
  const scored = slots.map((slot, i) => {
    const entry = input.entries[slot]!;
    const tool = entry.tool;
    const { argumentTerms, slotKinds } = parameterFeatures(entry);
    const signals = {
      relevance: fused[i]!,
      arguments: argumentCoverage(argumentTerms, input.queryTerms),
      fuzzy: fuzzy?.[i],
      slots: input.weights.slots > 0 ? slotMatch(input.querySlots, slotKinds) : undefined,
      clauses: clauses?.[i],
      name: names?.[i],
      intent: input.intent ? intentMatch(input.intent, ...fieldTokens(entry, input.termOf)) : undefined,
      conversation: conversation?.[i],
      health: signalValue(input.context?.health, tool),
      cost: invert(signalValue(input.context?.cost, tool)),
    };
    const flags = {
      used: used.has(tool.id) || used.has(tool.name),
      failed: failed.has(tool.id) || failed.has(tool.name),
      deprecated: tool.deprecated,
    };
    const parts = combineSignals(signals, flags, input.weights, input.penalties);
    let breakdown: ScoreBreakdown | undefined;
    if (input.explain) {
      breakdown = {
        ...(input.lexical
          ? { lexical: { raw: lexRaw[i]!, normalized: lexNorm[i]!, coverage: coverage[i]! } }
          : {}),
        ...(input.vector ? { vector: { cosine: cosines[i]!, normalized: vecNorm[i]! } } : {}),
        fused: fused[i]!,
        relevance: relevance[i]!,
        signals: definedOnly({
          arguments: signals.arguments,
          fuzzy: signals.fuzzy,
          slots: signals.slots,
          clauses: signals.clauses,
          name: signals.name,
          intent: signals.intent,
          conversation: signals.conversation,
          health: signals.health,
          cost: signals.cost,
        }),
        penalties: definedOnly({
          used: flags.used ? input.penalties.used : undefined,
          failed: flags.failed ? input.penalties.failed : undefined,
          deprecated: flags.deprecated ? input.penalties.deprecated : undefined,
        }),
        final: parts.final,
      };
    }
    return { slot, index: i, score: parts.final, relevance: relevance[i]!, breakdown };
  });
  const eligible = scored
    .filter((s) => s.relevance >= input.minRelevance && s.score >= input.minScore && s.score > 0)
    .sort((a, b) => b.score - a.score || a.slot - b.slot);
  const picked = diversify(input, eligible);
  const hits = picked.map(({ item, redundancy }) => {
    const tool = input.entries[item.slot]!.tool;
    const hit: SearchHit = { id: tool.id, tool, score: item.score, relevance: item.relevance };
    if (item.breakdown)
      hit.breakdown = redundancy === undefined ? item.breakdown : { ...item.breakdown, redundancy };
    return hit;
  });
  return { hits, confidence };
}

interface Scored {
  slot: number;
  score: number;
  relevance: number;
  breakdown: ScoreBreakdown | undefined;
}

function diversify(input: RankInput, eligible: Scored[]): { item: Scored; redundancy?: number }[] {
  if (input.diversity <= 0) return eligible.slice(0, input.limit).map((item) => ({ item }));
  const window = eligible.slice(0, Math.max(input.limit * 5, 20));
  const similarity = (a: number, b: number) =>
    toolSimilarity(input.entries[window[a]!.slot]!, input.entries[window[b]!.slot]!);
  const order = mmrSelect(
    window.map((s) => s.score),
    similarity,
    input.limit,
    input.diversity,
  );
  return order.map((i, position) => {
    let redundancy = 0;
    for (let j = 0; j < position; j++) redundancy = Math.max(redundancy, similarity(order[j]!, i));
    return { item: window[i]!, redundancy };
  });
}

/** Cosine of the vectors when both tools have one, else the cosine (Ochiai) overlap of their term sets. */
export function toolSimilarity(a: Entry, b: Entry): number {
  if (a.vector && b.vector) return dot(a.vector, b.vector);
  const x = a.terms.terms;
  const y = b.terms.terms;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      shared++;
      i++;
      j++;
    } else if (x[i]! < y[j]!) i++;
    else j++;
  }
  const denominator = Math.sqrt(x.length * y.length);
  return denominator === 0 ? 0 : shared / denominator;
}

/**
 * Character-gram similarity for the best-fused pool slots (the others cannot reach the top anyway: same
 * quality on the ToolLens dev split from 20 to 200 candidates), divided by the best of them; undefined for the
 * rest and when the signal is off.
 */
function fuzzyScores(
  input: RankInput,
  slots: readonly number[],
  fused: ArrayLike<number>,
): (number | undefined)[] | undefined {
  const grams = input.charGrams;
  if (!grams || grams.query.weights.size === 0 || input.weights.fuzzy === 0) return undefined;
  const scored = topK(fused, Math.max(FUZZY_CANDIDATES, input.limit * 2));
  const values = scored.map((i) =>
    grams.model.similarity(grams.query, input.entries[slots[i]!]!.terms, slots[i]!),
  );
  const best = values.reduce((a, b) => Math.max(a, b), 0);
  const out: (number | undefined)[] = new Array<number | undefined>(slots.length).fill(undefined);
  scored.forEach((i, k) => {
    out[i] = best > 0 ? values[k]! / best : 0;
  });
  return out;
}

function conversationScores(input: RankInput, slots: readonly number[]): Float64Array | undefined {
  if (!input.conversation) return undefined;
  const bySlot = new Map<number, number>();
  const c = input.conversation;
  for (let i = 0; i < c.slots.length; i++) bySlot.set(c.slots[i]!, c.scores[i]!);
  return maxNormalize(slots.map((s) => bySlot.get(s) ?? 0));
}

function fieldTokens(entry: Entry, termOf: (id: number) => string | undefined): [string[], string[]] {
  const name: string[] = [];
  const other: string[] = [];
  const { terms, tf } = entry.terms;
  for (let i = 0; i < terms.length; i++) {
    const term = termOf(terms[i]!) ?? '';
    if (tf[i * FIELD_COUNT]! > 0) name.push(term);
    else other.push(term);
  }
  return [name, other];
}

export function signalValue(signal: ToolSignal | undefined, tool: Tool): number | undefined {
  if (signal === undefined) return undefined;
  const value =
    typeof signal === 'function'
      ? signal(tool)
      : Object.hasOwn(signal, tool.id)
        ? signal[tool.id]
        : Object.hasOwn(signal, tool.name)
          ? signal[tool.name]
          : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : undefined;
}

function invert(value: number | undefined): number | undefined {
  return value === undefined ? undefined : 1 - value;
}

function nameSet(values: readonly string[] | undefined): ReadonlySet<string> {
  return new Set(values ?? []);
}

function definedOnly<T extends Record<string, number | undefined>>(value: T): { [K in keyof T]?: number } {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = v;
  return out as { [K in keyof T]?: number };
}
