// Shapes of the JSON API as the page reads them (the server's own types live in ../views; the page is
// compiled separately, for the browser).

export interface Principal {
  id?: string;
  tenant?: string;
  roles?: string[];
  scopes?: string[];
  capabilities?: string[];
  exposure?: string;
}

export interface Summary {
  title: string;
  tools: number;
  dialects: string[];
  access: {
    subjects: Array<{ name: string; principal: Principal; view?: string }>;
    levels: string[];
    views: Array<{ id: string; label: string; description?: string }>;
  } | null;
  calls: boolean;
  version: number;
}

export interface ToolRow {
  id: string;
  name: string;
  namespace?: string;
  description: string;
  source: string;
  origin: { name?: string; kind: string; location?: string; status?: string; error?: string };
  tags: string[];
  annotations: Record<string, boolean | string | undefined>;
  deprecated: boolean;
  health: string;
  lint: { errors: number; warnings: number; infos: number };
}

export interface ToolPage {
  total: number;
  matched: number;
  offset: number;
  limit: number;
  tools: ToolRow[];
  facets: { sources: string[]; namespaces: string[]; tags: string[] };
}

export interface LintFinding {
  rule: string;
  severity: string;
  pointer: string;
  message: string;
}

export interface ToolDetail {
  tool: { id: string; name: string; inputSchema: JsonSchema } & Record<string, unknown>;
  lint: LintFinding[];
  origin: ToolRow['origin'];
  health: { status: string; calls: number; successRate: number; latency: { p50: number } } | null;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  title?: string;
  default?: unknown;
  format?: string;
  [key: string]: unknown;
}

export interface Contribution {
  key: string;
  value: number;
}

export interface SearchHit {
  id: string;
  name: string;
  description: string;
  score: number;
  relevance: number;
  breakdown?: Record<string, unknown> & { final: number; relevance: number };
  contributions?: Contribution[];
}

export interface SearchView {
  query: string;
  mode: string;
  hits: SearchHit[];
  noRelevantTools: boolean;
  confidence: number;
  candidates: number;
  intent?: string;
  reducedQuery?: string;
}

export interface Loss {
  pointer: string;
  keyword: string;
  action: string;
  detail: string;
}

export interface ConversionView {
  toolId: string;
  dialect: string;
  strict: boolean;
  canonical: unknown;
  lowered: unknown;
  targetName: string;
  losses: Loss[];
  violations: Array<{ pointer: string; rule: string; message: string }>;
  verdict: 'accepted' | 'rejected';
}

export interface PolicyRow {
  id: string;
  name: string;
  visible: boolean;
  visibleReason: string;
  callable: boolean;
  reason: string;
  rule?: string;
  obligations: {
    confirmation: false | { reason: string };
    audit: false | string;
    rateLimit?: { requests: number; intervalMs: number };
  };
}

export interface PolicyView {
  subject: Principal;
  level?: string;
  counts: { total: number; visible: number; callable: number };
  matched: number;
  offset: number;
  limit: number;
  rows: PolicyRow[];
}

export interface ValidationView {
  valid: boolean;
  errors: Array<{ pointer: string; message: string; keyword: string }>;
}

export interface CallView {
  callId: string;
  toolId: string;
  status: string;
  ok: boolean;
  result?: unknown;
  error?: { code: string; message: string; details?: unknown };
  confirmation?: {
    token: string;
    argumentsHash: string;
    reason: string;
    arguments: unknown;
    expiresAt: number;
  };
  timings: { waitMs: number; latencyMs: number; totalMs: number };
  attempt: number;
  events: Array<{ name: string; atMs: number; detail: Record<string, unknown> }>;
}
