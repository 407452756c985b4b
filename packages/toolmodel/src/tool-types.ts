import type { JsonValue } from './safe-json.js';
import type { JsonSchema, JsonSchemaObject } from './schema-walk.js';

/** Capabilities ToolArsenal knows; any other lowercase identifier is accepted as a custom capability. */
export const KNOWN_CAPABILITIES = [
  'read_data',
  'write_data',
  'delete_data',
  'execute_code',
  'network_access',
  'file_system',
  'financial',
  'pii_access',
  'external_api',
] as const;
export type KnownCapability = (typeof KNOWN_CAPABILITIES)[number];
export type Capability = KnownCapability | (string & {});

/** Where a tool comes from. Custom lowercase identifiers are accepted too. */
export const KNOWN_SOURCES = [
  'function',
  'mcp',
  'openapi',
  'a2a',
  'manual',
  'langchain',
  'llamaindex',
  'legacy',
] as const;
export type ToolSource = (typeof KNOWN_SOURCES)[number] | (string & {});

/** MCP-style behaviour hints. Hints from untrusted servers are claims, not guarantees. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface MonetaryCost {
  amount: number;
  /** ISO 4217 code, e.g. `USD`. */
  currency: string;
  /** What the amount is charged per; default `call`. */
  per?: string;
}

export interface RateLimitSpec {
  /** Requests allowed per interval. */
  requests: number;
  /** Interval length in milliseconds. */
  intervalMs: number;
}

/** What calling the tool costs; used by routing (toolindex) and policies (toolset/toolrun). */
export interface ToolCost {
  /** Typical latency in milliseconds. */
  latencyMs?: number;
  monetary?: MonetaryCost;
  rateLimit?: RateLimitSpec;
  /** Tokens the tool's definition or typical result adds to the context. */
  contextTokens?: number;
}

/** Relations to other tools, by tool id or name. */
export interface ToolDependencies {
  requires: string[];
  suggests: string[];
  conflicts: string[];
}

/** What `defineTool`/`parseTool` accept. Only `name` is required. */
export interface ToolInput {
  name: string;
  namespace?: string;
  version?: string;
  title?: string;
  description?: string;
  /** Longer documentation shown on demand (e.g. by a describe meta-tool), not in every prompt. */
  longDescription?: string;
  /** Sample user requests this tool serves; used for retrieval. */
  examples?: string[];
  tags?: string[];
  category?: string;
  /** Guidance for the system prompt on when and how to use the tool. */
  usageHints?: string;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
  source?: ToolSource;
  sourceUri?: string;
  /** Source-specific data kept verbatim (e.g. MCP `_meta`, OpenAPI method/path) for lossless round trips and executors. */
  sourceMeta?: Record<string, JsonValue>;
  capabilities?: Capability[];
  annotations?: ToolAnnotations;
  requiresConfirmation?: boolean;
  requiredScopes?: string[];
  /** When selected, this tool must be the only tool offered for the turn. */
  exclusive?: boolean;
  /** Hand-off tool: calling it gives control to another agent or a human. */
  takesControl?: boolean;
  cost?: ToolCost;
  dependencies?: Partial<ToolDependencies>;
  deprecated?: boolean;
  deprecationMessage?: string;
  /** Id of the tool that replaces this one. */
  supersededBy?: string;
  /** ISO 8601 date-time. */
  createdAt?: string;
  /** ISO 8601 date-time. */
  updatedAt?: string;
  /** Free-form extension data of the user's (not covered by the content hash). */
  meta?: Record<string, JsonValue>;
}

/** A validated, normalised, deeply frozen canonical tool. */
export interface Tool {
  /** Stable id: `namespace:name@version` (namespace omitted when absent). */
  readonly id: string;
  readonly name: string;
  readonly namespace?: string;
  readonly version: string;
  readonly title?: string;
  readonly description: string;
  readonly longDescription?: string;
  readonly examples: readonly string[];
  readonly tags: readonly string[];
  readonly category?: string;
  readonly usageHints?: string;
  /** JSON Schema 2020-12 whose root is `type: "object"`. */
  readonly inputSchema: Readonly<JsonSchemaObject>;
  readonly outputSchema?: Readonly<JsonSchema>;
  readonly source: ToolSource;
  readonly sourceUri?: string;
  readonly sourceMeta?: Readonly<Record<string, JsonValue>>;
  readonly capabilities: readonly Capability[];
  readonly annotations: Readonly<ToolAnnotations>;
  readonly requiresConfirmation: boolean;
  readonly requiredScopes: readonly string[];
  readonly exclusive: boolean;
  readonly takesControl: boolean;
  readonly cost?: Readonly<ToolCost>;
  readonly dependencies: Readonly<ToolDependencies>;
  readonly deprecated: boolean;
  readonly deprecationMessage?: string;
  readonly supersededBy?: string;
  readonly createdAt?: string;
  readonly updatedAt?: string;
  readonly meta?: Readonly<Record<string, JsonValue>>;
  /** `sha256:<hex>` over the fields a model sees or that change behaviour; see `contentHash`. */
  readonly contentHash: string;
}
