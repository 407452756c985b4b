import type { SearchOptions, SearchResult } from '@toolarsenal/toolindex';
import type { AccessDecision, Principal, Tool } from '@toolarsenal/toolmodel';
import type { Explanation } from '@toolarsenal/toolset';
import type { PendingConfirmation, ToolHealth, ToolResult } from '@toolarsenal/toolrun';
import type { Scoring } from './views/contributions.js';

/** Where a tool came from, as the page shows it (a config source name, an MCP server, a spec file…). */
export interface ToolOrigin {
  /** Name of the source in the config, e.g. `github`; absent for a plain tool file. */
  name?: string;
  /** Source kind: `mcp`, `openapi`, `function`, `a2a`, `file`… */
  kind: string;
  /** Where it was read from (file path or URL; credentials are removed before it is shown). */
  location?: string;
  /** The source's live state when it has one (`ready`, `starting`, `retrying`, `unhealthy`, `failed`). */
  status?: string;
  /** Why the source's last attempt failed (no secrets: the server redacts every response). */
  error?: string;
}

/** A subject offered in the policy and call views' picker. */
export interface NamedSubject {
  name: string;
  principal: Principal;
  /** The access view (`InspectAccess.views`) this subject is seen through; absent: the first view. */
  view?: string;
}

/** A way tools reach subjects, e.g. one toolset of a config (its members and its policy). */
export interface AccessViewInfo {
  id: string;
  label: string;
  description?: string;
}

/** What a subject sees of one tool and what a call would be answered. */
export interface AccessView {
  /** Listed for this subject (member of its toolset or exposure level). */
  visible: boolean;
  /** The decision for `call`, with the deciding rule. */
  decision: AccessDecision;
}

/** Why a tool is (not) listed for a subject. */
export interface VisibilityExplanation {
  /** The toolset's `explain()` sentence. */
  reason: string;
  /** The full toolset explanation (clauses and operands), when a toolset decides membership. */
  explanation?: Explanation;
}

export interface InspectAccess {
  /** Subjects to pick from (e.g. declared in the config). */
  readonly subjects: readonly NamedSubject[];
  /** Exposure levels a subject can be served at, least trusted first (empty without an exposure). */
  readonly levels: readonly string[];
  /** The exposure level a principal is served at (absent without an exposure). */
  levelOf?(principal: Principal): string;
  /**
   * Views to pick from besides the subject (e.g. the toolsets of a config), the default first. Absent: one
   * view, and `decide`/`explainVisibility` get no `view`.
   */
  readonly views?: readonly AccessViewInfo[];
  /**
   * Throws (a `ToolArsenalError`) for a malformed principal. Cheap: the policy view runs it for every tool.
   * `view` is one of `views`' ids (validated by the server).
   */
  decide(principal: Principal, tool: Tool, view?: string): AccessView;
  /** Why `decide` listed the tool or not; costlier (clause by clause), so asked only for the rows shown. */
  explainVisibility(principal: Principal, tool: Tool, view?: string): VisibilityExplanation;
}

/** A call as the page makes it; `callId` lets the target hand back the runner events of this call only. */
export interface InspectCall {
  callId: string;
  tool: Tool;
  arguments: unknown;
  principal?: Principal;
}

/** One runner event of a call, `at` in epoch ms. */
export interface InspectEvent {
  name: 'start' | 'success' | 'failure' | 'retry' | 'confirmation';
  at: number;
  detail: Readonly<Record<string, unknown>>;
}

export interface InspectCallOutcome {
  result: ToolResult;
  events: InspectEvent[];
}

export interface InspectCalls {
  call(call: InspectCall): Promise<InspectCallOutcome>;
  confirm(callId: string, token: string, argumentsHash: string): Promise<InspectCallOutcome>;
  reject(callId: string, token: string): Promise<InspectCallOutcome>;
}

/**
 * Everything the inspector reads, behind one small interface: `createToolsTarget` builds it from the core
 * packages (an index, a runner, a toolset config); a facade such as `@toolarsenal/arsenal` can provide its own.
 */
export interface InspectTarget {
  /** Every tool, in a stable order. */
  tools(): readonly Tool[];
  origin(tool: Tool): ToolOrigin;
  search(options: SearchOptions): Promise<SearchResult>;
  /** The index's weights and fusion, so score breakdowns can be drawn as additive parts. */
  scoring?: Scoring;
  /** Runtime health, when calls run through a runner. */
  health?(tool: Tool): ToolHealth | undefined;
  access?: InspectAccess;
  calls?: InspectCalls;
  /**
   * Calls `listener` when the tools or their health changed (a source connected, listed new tools, went down);
   * the page then reloads what it shows. Returns the unsubscribe function.
   */
  subscribe?(listener: () => void): () => void;
  /**
   * Strings no response may contain, besides what the server finds in the tools themselves: e.g. a config's
   * credentials and the values of the environment variables it interpolates. Asked again after each change.
   */
  secrets?(): readonly string[];
}

export type { PendingConfirmation, Scoring };
