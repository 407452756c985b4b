import { z } from 'zod';

// The sections `@toolarsenal/arsenal` adds to the toolset config format (toolsets, policies and
// exposure stay the toolset package's). Validated in the same pass by `parseToolsetConfig`.

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const NAMESPACE = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9][A-Za-z0-9_-]*)*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const text = (max = 4096) => z.string().min(1).max(max);
const noBreaks = z
  .string()
  .max(16_384)
  .refine((v) => !/[\r\n]/.test(v), { message: 'must not contain line breaks' });
const positiveInt = (max: number) => z.number().int().positive().max(max);
const list = z.array(text(1000)).max(1000);
const headers = z
  .record(z.string().regex(HEADER_NAME, 'is not a valid HTTP header name').max(256), noBreaks)
  .refine((h) => Object.keys(h).length <= 100, { message: 'at most 100 headers' });

const retry = z.strictObject({
  /** First delay before retrying a source that failed to start (ms). Default 500. */
  initialDelayMs: positiveInt(3_600_000).optional(),
  /** Longest delay between attempts (ms). Default 30,000. */
  maxDelayMs: positiveInt(3_600_000).optional(),
  /** Retries after the first failed attempt before giving up. Default unlimited. */
  maxAttempts: positiveInt(1_000_000).optional(),
});

const mcp = z
  .strictObject({
    /** A local server started as a child process (stdio). */
    command: text().optional(),
    args: z.array(z.string().max(4096)).max(1000).optional(),
    /** Extra environment variables for the child (the rest of this process's environment is not passed). */
    env: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'is not a variable name'), z.string())
      .optional(),
    cwd: text().optional(),
    stderr: z.enum(['inherit', 'ignore']).optional(),
    /** The npx fast path (default true); described in the JSON Schema for editors. */
    resolveNpx: z
      .boolean()
      .describe(
        '`command: npx` with `args: [--no-install, <name>, …]` (or `--no`): run the bin <name> from the local node_modules/.bin that `npm exec` would run, without starting npm first. Anything else still runs npx. Default true; false always spawns npx.',
      )
      .optional(),
    /** A remote server (Streamable HTTP, falling back to HTTP+SSE). */
    url: z.url({ protocol: /^https?$/ }).optional(),
    headers: headers.optional(),
    /**
     * Hosts the URL (and its redirects) may reach, as `host` or `host:port` globs; an exact entry
     * may resolve to a private or loopback address. Default: the URL's host, public addresses only.
     */
    allowedHosts: list.optional(),
    era: z.enum(['auto', 'legacy', 'modern']).optional(),
    connectTimeoutMs: positiveInt(600_000).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.command === undefined) === (v.url === undefined))
      ctx.addIssue({ code: 'custom', message: 'give exactly one of "command" (stdio) and "url" (HTTP)' });
    if (v.url !== undefined)
      for (const key of ['args', 'env', 'cwd', 'stderr', 'resolveNpx'] as const)
        if (v[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: `"${key}" is for stdio servers ("command")` });
    if (v.command !== undefined)
      for (const key of ['headers', 'allowedHosts'] as const)
        if (v[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: `"${key}" is for HTTP servers ("url")` });
  });

const credentials = z.strictObject({
  bearer: noBreaks.optional(),
  apiKey: noBreaks.optional(),
  basic: z.strictObject({ username: noBreaks, password: noBreaks }).optional(),
  headers: headers.optional(),
});

const schemeCredential = z.union([
  noBreaks,
  z.strictObject({ apiKey: noBreaks }),
  z.strictObject({ token: noBreaks }),
  z.strictObject({ username: noBreaks, password: noBreaks }),
  z.strictObject({
    clientId: noBreaks,
    clientSecret: noBreaks,
    scopes: list.optional(),
    tokenUrl: z.url({ protocol: /^https?$/ }).optional(),
    audience: noBreaks.optional(),
    clientAuth: z.enum(['basic', 'body']).optional(),
  }),
]);

const openapi = z.strictObject({
  /** Path of the OpenAPI 3.x / Swagger 2.0 document (JSON or YAML), relative to the config file. */
  document: text(),
  /** Server URL calls go to, instead of the document's `servers`. */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** Hosts calls may go to (globs over host or hostname). Default: the base URL's host. */
  allowedHosts: list.optional(),
  /**
   * Credentials by security scheme name (the document's `securitySchemes` keys): a string, or
   * `{ apiKey }`, `{ token }`, `{ username, password }`, `{ clientId, clientSecret, scopes? }`.
   * Use `${ENV}` references; never printed.
   */
  auth: z.record(z.string().min(1).max(256), schemeCredential).optional(),
  /** Headers sent with every call (e.g. a User-Agent). */
  headers: headers.optional(),
  includeTags: list.optional(),
  excludeTags: list.optional(),
  includeOperations: list.optional(),
  excludeOperations: list.optional(),
  includePaths: list.optional(),
  excludePaths: list.optional(),
  methods: list.optional(),
  deprecated: z.enum(['mark', 'skip']).optional(),
});

const a2a = z.strictObject({
  /** The agent card's URL, or the agent's origin. */
  cardUrl: z.url({ protocol: /^https?$/ }),
  allowedHosts: list.optional(),
  auth: credentials.optional(),
  streaming: z.boolean().optional(),
});

const KINDS = ['mcp', 'openapi', 'a2a', 'module', 'file'] as const;
export type SourceKind = (typeof KINDS)[number];

export const sourceSchema = z
  .strictObject({
    /** Names the source in status, health and errors. */
    name: z
      .string()
      .regex(NAME, 'must be letters, digits, "_" or "-" (starting with a letter or digit)')
      .max(64),
    /** Namespace of the source's tools. Default: the name. */
    namespace: z
      .string()
      .regex(NAMESPACE, 'must be dot-separated names of letters, digits, "_" or "-"')
      .max(128)
      .optional(),
    description: z.string().max(10_000).optional(),
    /** Leave the source out without deleting it. Default true. */
    enabled: z.boolean().optional(),
    retry: retry.optional(),
    mcp: mcp.optional(),
    openapi: openapi.optional(),
    a2a: a2a.optional(),
    /** Path of a local ES module exporting `tools`: `defineTool` tools or `{ tool, handler }` registrations. */
    module: text().optional(),
    /** Path of a tool file in any dialect tooladapter reads (MCP, OpenAI, Anthropic, Gemini, canonical…). */
    file: text().optional(),
    /** Dialect of `file` when detection is not wanted (e.g. `openai-chat`). */
    dialect: text(64).optional(),
  })
  .superRefine((v, ctx) => {
    const kinds = KINDS.filter((k) => v[k] !== undefined);
    if (kinds.length !== 1)
      ctx.addIssue({
        code: 'custom',
        message:
          kinds.length === 0
            ? `a source needs one of ${KINDS.join(', ')}`
            : `a source has exactly one kind; found ${kinds.join(', ')}`,
        params: { code: 'invalid_entry' },
      });
    if (v.dialect !== undefined && v.file === undefined)
      ctx.addIssue({ code: 'custom', path: ['dialect'], message: '"dialect" is for "file" sources' });
  });

export type SourceConfig = z.infer<typeof sourceSchema>;

export const sourcesSchema = z
  .array(sourceSchema)
  .max(1000)
  .superRefine((sources, ctx) => {
    const names = new Map<string, number>();
    const namespaces = new Map<string, number>();
    sources.forEach((s, i) => {
      const seen = names.get(s.name);
      if (seen !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'name'],
          message: `source name ${JSON.stringify(s.name)} is already used by /sources/${seen}`,
          params: { code: 'duplicate_id' },
        });
      else names.set(s.name, i);
      const ns = s.namespace ?? s.name;
      const other = namespaces.get(ns);
      if (other !== undefined && seen === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [i, s.namespace !== undefined ? 'namespace' : 'name'],
          message: `namespace ${JSON.stringify(ns)} is already used by /sources/${other}`,
          params: { code: 'duplicate_id' },
        });
      else namespaces.set(ns, i);
    });
  });

export const serveSchema = z.strictObject({
  /** `dynamic` (default): find/describe/call; `static`: every tool; `hybrid`: `pinned` + the meta-tools. */
  mode: z.enum(['static', 'dynamic', 'hybrid']).optional(),
  /** The toolset to serve (an id from `toolsets`): its members and its policy. Default: every tool. */
  toolset: text(128).optional(),
  /** Hybrid mode: tools listed directly (names, ids or globs). */
  pinned: list.optional(),
  name: text(128).optional(),
  instructions: z.string().max(10_000).optional(),
  http: z
    .strictObject({
      port: z.number().int().min(0).max(65_535).optional(),
      /** Interface to bind. Default 127.0.0.1 (loopback only). */
      host: text(255).optional(),
    })
    .optional(),
  /** How long in-flight calls may take to finish on shutdown before they are cancelled (ms). Default 10,000. */
  shutdownGraceMs: z.number().int().min(0).max(600_000).optional(),
});

const PG_SCHEMA = /^[a-z_][a-z0-9_]{0,40}$/;
const POSTGRES_ONLY = ['url', 'schema', 'migrate', 'postingDepth'] as const;

export const indexSchema = z
  .strictObject({
    /** Where the index lives: `memory` (default, in this process) or `postgres` (`@toolarsenal/toolindex-pg`). */
    backend: z.enum(['memory', 'postgres']).optional(),
    /**
     * Memory: path of an index snapshot (toolindex `saveIndex`, relative to the config file) loaded at start and
     * written on close. A damaged snapshot fails `ready()` with a `SnapshotError`.
     */
    snapshot: text().optional(),
    /**
     * Postgres: connection URL (`postgres://user:password@host:5432/db`). A secret: write `${TOOLARSENAL_PG_URL}`,
     * never the password; never printed. Required unless a database is given in code (`createArsenal`'s `indexDb`).
     */
    url: z
      .string()
      .max(4096)
      .regex(/^postgres(ql)?:\/\/[^\s]*$/, 'must be a postgres:// or postgresql:// URL without spaces')
      .optional(),
    /** Postgres: schema holding the index's tables (default `toolarsenal_index`); one catalogue per schema. */
    schema: z
      .string()
      .regex(PG_SCHEMA, 'must be a lower-case identifier of at most 41 characters ([a-z_][a-z0-9_]*)')
      .optional(),
    /**
     * Postgres: `on-start` (default) creates or upgrades the tables when the arsenal starts; `manual` refuses to
     * start on an unmigrated schema (run `toolarsenal index migrate`).
     */
    migrate: z.enum(['on-start', 'manual']).optional(),
    /** Postgres: postings read per query term, best BM25F impact first (default 1,000). */
    postingDepth: z.number().int().min(10).max(1_000_000).optional(),
  })
  .superRefine((v, ctx) => {
    const postgres = v.backend === 'postgres';
    if (postgres && v.snapshot !== undefined)
      ctx.addIssue({ code: 'custom', path: ['snapshot'], message: '"snapshot" is for backend "memory"' });
    if (!postgres)
      for (const key of POSTGRES_ONLY)
        if (v[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: `"${key}" is for backend "postgres"` });
  });

export const runnerSchema = z.strictObject({
  /** Per-attempt timeout of a call (ms). Default 30,000. */
  timeoutMs: positiveInt(3_600_000).optional(),
  /** Runner-wide bulkhead: calls at once and queue length. */
  concurrency: z
    .strictObject({ limit: positiveInt(100_000), queue: z.number().int().min(0).max(1_000_000).optional() })
    .optional(),
  /** Ask before destructive tools (the runner's rule). Default true. */
  confirmation: z.boolean().optional(),
});

export const telemetrySchema = z.strictObject({
  /** `calls`: one event per finished call (the CLI prints them on stderr). Default `off`. */
  log: z.enum(['off', 'calls']).optional(),
});

/** The sections added to the toolset config format. */
export const ARSENAL_SECTIONS = {
  sources: sourcesSchema,
  serve: serveSchema,
  index: indexSchema,
  runner: runnerSchema,
  telemetry: telemetrySchema,
} as const;

export type ServeConfig = z.infer<typeof serveSchema>;
export type IndexConfig = z.infer<typeof indexSchema>;
export type RunnerConfig = z.infer<typeof runnerSchema>;
export type TelemetryConfig = z.infer<typeof telemetrySchema>;
