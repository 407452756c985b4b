import type { ScoreBreakdown, SearchContext, SearchMode, SearchOptions } from '@toolarsenal/toolindex';
import type { TaskIntent } from '@toolarsenal/toolindex';
import { asObject, oneOf, onlyFields, optionalNumber, requiredString, stringList } from '../input.js';
import type { InspectTarget } from '../target.js';
import { type Contribution, contributions } from './contributions.js';

const MODES = ['lexical', 'semantic', 'hybrid'] as const satisfies readonly SearchMode[];

export interface SearchHitView {
  id: string;
  name: string;
  description: string;
  score: number;
  relevance: number;
  breakdown?: ScoreBreakdown;
  /** The final score split into stacked-bar segments (when the target tells its scoring weights). */
  contributions?: Contribution[];
}

export interface SearchView {
  query: string;
  mode: SearchMode;
  hits: SearchHitView[];
  noRelevantTools: boolean;
  confidence: number;
  candidates: number;
  intent?: TaskIntent;
  reducedQuery?: string;
}

/** `POST /api/search`: `{query, mode?, limit?, diversity?, context?: {recentMessages, usedTools, failedTools}}`. */
export async function runSearch(target: InspectTarget, body: unknown): Promise<SearchView> {
  const input = asObject(body, 'body');
  onlyFields(input, ['query', 'mode', 'limit', 'diversity', 'context'], 'search');
  const query = requiredString(input, 'query', 10_000);
  const mode = oneOf(input, 'mode', MODES);
  const limit = optionalNumber(input, 'limit', { min: 1, max: 50, integer: true }) ?? 10;
  const diversity = optionalNumber(input, 'diversity', { min: 0, max: 1 });
  const context = readContext(input.context);
  const options: SearchOptions = {
    query,
    limit,
    explain: true,
    ...(mode ? { mode } : {}),
    ...(diversity !== undefined ? { diversity } : {}),
    ...(context ? { context } : {}),
  };
  const result = await target.search(options);
  return {
    query,
    mode: result.mode,
    hits: result.hits.map((hit) => ({
      id: hit.id,
      name: hit.tool.name,
      description: hit.tool.description.slice(0, 300),
      score: hit.score,
      relevance: hit.relevance,
      ...(hit.breakdown ? { breakdown: hit.breakdown } : {}),
      ...(hit.breakdown && target.scoring
        ? { contributions: contributions(hit.breakdown, target.scoring) }
        : {}),
    })),
    noRelevantTools: result.noRelevantTools,
    confidence: result.confidence,
    candidates: result.candidates,
    ...(result.intent ? { intent: result.intent } : {}),
    ...(result.reducedQuery ? { reducedQuery: result.reducedQuery } : {}),
  };
}

function readContext(raw: unknown): SearchContext | undefined {
  if (raw === undefined || raw === null) return undefined;
  const context = asObject(raw, '"context"');
  onlyFields(context, ['recentMessages', 'usedTools', 'failedTools'], 'context');
  const messages = stringList(context, 'recentMessages')?.filter((m) => m.trim() !== '');
  const used = stringList(context, 'usedTools');
  const failed = stringList(context, 'failedTools');
  if (!messages?.length && !used?.length && !failed?.length) return undefined;
  return {
    ...(messages?.length ? { recentMessages: messages.map((content) => ({ role: 'user', content })) } : {}),
    ...(used?.length ? { usedTools: used } : {}),
    ...(failed?.length ? { failedTools: failed } : {}),
  };
}
