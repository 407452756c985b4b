// `@toolarsenal/arsenal/config`: the config loader, and the early start of a config's stdio MCP
// servers, without the rest of the arsenal. A CLI or host reads the config and spawns the servers
// here, then imports `@toolarsenal/arsenal` while they start (see prestartMcpServers).
export {
  type ArsenalConfig,
  CONFIG_FILE_NAMES,
  findConfig,
  loadConfig,
  type LoadConfigOptions,
  parseConfig,
  type ParseConfigOptions,
} from './config/load.js';
export { ArsenalConfigError, type ArsenalConfigIssue, ArsenalError } from './errors.js';
export { type PrestartedMcpServers, prestartMcpServers } from './sources/prestart.js';
