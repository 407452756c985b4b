import { parseTool, type Tool, updateTool } from '@toolarsenal/toolmodel';

/**
 * A small catalogue written for the unit tests, shaped like captured MCP `tools/list` output:
 * namespace `mcp.<server>`, the server's category, one tag (the category's slug), source `mcp`,
 * annotations only where real servers declare them. Corpus-scale checks over the 527 real tools
 * live in `*.corpus.test.ts`.
 */
interface Server {
  server: string;
  category: string;
  readOnly?: boolean;
  tools: Array<[name: string, description: string, properties?: Record<string, unknown>]>;
}

const path = { path: { type: 'string', description: 'Absolute path' } };
const repo = { repo_path: { type: 'string' } };

const SERVERS: Server[] = [
  {
    server: 'git',
    category: 'Code',
    tools: [
      ['git_status', 'Shows the working tree status', repo],
      ['git_diff_unstaged', 'Shows changes in the working directory that are not yet staged', repo],
      ['git_diff_staged', 'Shows changes that are staged for commit', repo],
      ['git_diff', 'Shows differences between branches or commits', { ...repo, target: { type: 'string' } }],
      ['git_commit', 'Records changes to the repository', { ...repo, message: { type: 'string' } }],
      [
        'git_add',
        'Adds file contents to the staging area',
        { ...repo, files: { type: 'array', items: { type: 'string' } } },
      ],
      ['git_reset', 'Unstages all staged changes', repo],
      ['git_log', 'Shows the commit logs', { ...repo, max_count: { type: 'integer' } }],
      ['git_create_branch', 'Creates a new branch', { ...repo, branch_name: { type: 'string' } }],
      ['git_checkout', 'Switches branches', { ...repo, branch_name: { type: 'string' } }],
      ['git_show', 'Shows the contents of a commit', { ...repo, revision: { type: 'string' } }],
      ['git_init', 'Initialize a new Git repository', repo],
      ['git_branch', 'List Git branches', repo],
    ],
  },
  {
    server: 'filesystem',
    category: 'File Access',
    tools: [
      ['read_file', 'Read the complete contents of a file from the file system', path],
      [
        'read_multiple_files',
        'Read the contents of multiple files simultaneously',
        { paths: { type: 'array' } },
      ],
      [
        'write_file',
        'Create a new file or completely overwrite an existing file',
        { ...path, content: { type: 'string' } },
      ],
      ['edit_file', 'Make line-based edits to a text file', { ...path, edits: { type: 'array' } }],
      ['create_directory', 'Create a new directory or ensure a directory exists', path],
      ['list_directory', 'Get a detailed listing of all files and directories', path],
      ['directory_tree', 'Get a recursive tree view of files and directories as JSON', path],
      [
        'move_file',
        'Move or rename files and directories',
        { source: { type: 'string' }, destination: { type: 'string' } },
      ],
      [
        'search_files',
        'Recursively search for files and directories matching a pattern',
        { ...path, pattern: { type: 'string' } },
      ],
      ['get_file_info', 'Retrieve detailed metadata about a file or directory', path],
      ['list_allowed_directories', 'Returns the list of directories this server is allowed to access'],
      ['read_media_file', 'Read an image or audio file', path],
    ],
  },
  {
    server: 'desktop-commander',
    category: 'File Access',
    tools: [
      ['read_file', 'Read the contents of a file from the file system or a URL', path],
      ['write_file', 'Write or append to file contents', { ...path, content: { type: 'string' } }],
      ['list_directory', 'Get a detailed listing of all files and directories in a path', path],
      [
        'search_files',
        'Finds files by name using a case-insensitive substring matching',
        { ...path, pattern: { type: 'string' } },
      ],
      ['get_file_info', 'Retrieve detailed metadata about a file or directory', path],
      ['execute_command', 'Execute a terminal command with timeout', { command: { type: 'string' } }],
      ['kill_process', 'Terminate a running process by PID', { pid: { type: 'integer' } }],
    ],
  },
  {
    server: 'docker-mcp',
    category: 'Code',
    tools: [
      ['list-containers', 'List all Docker containers', {}],
      ['create-container', 'Create a new standalone Docker container', { image: { type: 'string' } }],
      ['deploy-compose', 'Deploy a Docker Compose stack', { compose_yaml: { type: 'string' } }],
      [
        'get-logs',
        'Retrieve the latest logs for a specified Docker container',
        { container_name: { type: 'string' } },
      ],
    ],
  },
  {
    server: 'npm-sentinel-mcp',
    category: 'Code',
    readOnly: true,
    tools: [
      ['npmSearch', 'Search for npm packages', { query: { type: 'string' } }],
      ['npmVersions', 'Get all available versions of an npm package', { packages: { type: 'array' } }],
      [
        'npmLatest',
        'Get the latest version and changelog of an npm package',
        { packages: { type: 'array' } },
      ],
      [
        'npmDeps',
        'Analyze dependencies and devDependencies of an npm package',
        { packages: { type: 'array' } },
      ],
      ['npmVulnerabilities', 'Check for known vulnerabilities in packages', { packages: { type: 'array' } }],
    ],
  },
  {
    server: 'wikipedia',
    category: 'Discovery',
    tools: [
      ['search_wikipedia', 'Search Wikipedia for articles matching a query', { query: { type: 'string' } }],
      ['get_article', 'Get the full content of a Wikipedia article', { title: { type: 'string' } }],
      ['get_summary', 'Get a summary of a Wikipedia article', { title: { type: 'string' } }],
      ['get_links', 'Get the links contained within a Wikipedia article', { title: { type: 'string' } }],
      [
        'summarize_article_for_query',
        'Get a summary of an article tailored to a query',
        { title: { type: 'string' }, query: { type: 'string' } },
      ],
    ],
  },
  {
    server: 'simple-arxiv',
    category: 'Discovery',
    tools: [
      [
        'search_papers',
        'Search for papers on arXiv by title and abstract content',
        { query: { type: 'string' } },
      ],
      ['get_paper_data', 'Get detailed information about a paper', { paper_id: { type: 'string' } }],
    ],
  },
  {
    server: 'fetch',
    category: 'Discovery',
    tools: [
      [
        'fetch',
        'Fetches a URL from the internet and extracts its contents as markdown',
        { url: { type: 'string' } },
      ],
    ],
  },
  {
    server: 'time',
    category: 'Miscellaneous',
    tools: [
      ['get_current_time', 'Get current time in a specific timezone', { timezone: { type: 'string' } }],
      [
        'convert_time',
        'Convert time between timezones',
        { source_timezone: { type: 'string' }, time: { type: 'string' } },
      ],
    ],
  },
  {
    server: 'calculator',
    category: 'Miscellaneous',
    tools: [['calculate', 'Calculates/evaluates the given expression', { expression: { type: 'string' } }]],
  },
  {
    server: 'memory',
    category: 'Miscellaneous',
    tools: [
      [
        'create_entities',
        'Create multiple new entities in the knowledge graph',
        { entities: { type: 'array' } },
      ],
      [
        'delete_entities',
        'Delete multiple entities and their associated relations',
        { entityNames: { type: 'array' } },
      ],
      ['read_graph', 'Read the entire knowledge graph'],
      [
        'search_nodes',
        'Search for nodes in the knowledge graph based on a query',
        { query: { type: 'string' } },
      ],
    ],
  },
  {
    server: 'yahoo-finance',
    category: 'Finance',
    tools: [
      ['get_stock_price', 'Get the current stock price for a ticker', { symbol: { type: 'string' } }],
      [
        'get_historical_prices',
        'Get historical prices for a ticker',
        { symbol: { type: 'string' }, period: { type: 'string' } },
      ],
      ['get_company_news', 'Get recent news about a company', { symbol: { type: 'string' } }],
    ],
  },
  {
    server: 'google-maps',
    category: 'Location',
    tools: [
      ['maps_geocode', 'Convert an address into geographic coordinates', { address: { type: 'string' } }],
      [
        'maps_directions',
        'Get directions between two points',
        { origin: { type: 'string' }, destination: { type: 'string' } },
      ],
    ],
  },
];

/** `File Access` → `file-access`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

/** The catalogue as canonical tools (61 tools in 13 namespaces). */
export const TOOLS: readonly Tool[] = Object.freeze(
  SERVERS.flatMap((s) =>
    s.tools.map(([name, description, properties]) =>
      parseTool({
        name,
        namespace: `mcp.${s.server}`,
        description,
        inputSchema: { type: 'object', properties: properties ?? {} },
        ...(s.readOnly ? { annotations: { readOnlyHint: true } } : {}),
        category: s.category,
        tags: [slug(s.category)],
        source: 'mcp',
      }),
    ),
  ),
);

/** Tools of one namespace. */
export const inNamespace = (ns: string): Tool[] => TOOLS.filter((t) => t.namespace === ns);

/** A tool by id (throws for ids the catalogue lacks, so typos fail loudly). */
export function byId(id: string): Tool {
  const tool = TOOLS.find((t) => t.id === id);
  if (tool === undefined) throw new Error(`no fixture tool ${id}`);
  return tool;
}

/**
 * The catalogue declares no capabilities; tests that need them derive a plausible set from the
 * tool name and server (read/write/delete verbs, file-system servers, network access).
 */
export function withCapabilities(tools: readonly Tool[] = TOOLS): Tool[] {
  return tools.map((t) => {
    const caps = new Set<string>();
    const n = t.name.toLowerCase();
    if (/^(get|read|list|search|find|fetch|show|query)/.test(n)) caps.add('read_data');
    if (/(write|edit|create|move|set|add|update|commit)/.test(n)) caps.add('write_data');
    if (/(delete|remove|kill|terminate|reset|drop)/.test(n)) caps.add('delete_data');
    if (t.namespace === 'mcp.filesystem' || t.namespace === 'mcp.desktop-commander') caps.add('file_system');
    if (/(fetch|search|browse|navigate)/.test(n)) caps.add('network_access');
    if (/(process|execute|run|eval)/.test(n)) caps.add('execute_code');
    return caps.size === 0 ? t : updateTool(t, { capabilities: [...caps] });
  });
}
