// Public API of @toolarsenal/arsenal: export each name explicitly.
export {
  Arsenal,
  type ArsenalOptions,
  type CallArsenalOptions,
  type Registration,
  type SearchArsenalOptions,
} from './arsenal.js';
export { type ArsenalConfigInput, createArsenal, loadArsenal } from './create-arsenal.js';
export {
  type ArsenalConfig,
  CONFIG_FILE_NAMES,
  findConfig,
  loadConfig,
  type LoadConfigOptions,
  parseConfig,
  type ParseConfigOptions,
} from './config/load.js';
export { MASK, maskSecrets, printConfig } from './config/print.js';
export {
  ARSENAL_SECTIONS,
  type IndexConfig,
  type RunnerConfig,
  type ServeConfig,
  type SourceConfig,
  type SourceKind,
  type TelemetryConfig,
} from './config/schema.js';
export { ArsenalConfigError, type ArsenalConfigIssue, ArsenalError } from './errors.js';
export { type IndexDatabase, type IndexMigration, migrateConfiguredIndex } from './index-backend.js';
export type { ArsenalEventListener, ArsenalEventName, ArsenalEvents_ as ArsenalEventMap } from './events.js';
export type { HealthReport } from './health.js';
export type { ServeOptions, Serving } from './serve.js';
export { LoadedSource, type Loaded, type LoadedSourceOptions } from './sources/loaded-source.js';
export type { ArsenalSource, SourceState, SourceStatus } from './sources/source.js';
export { type PrestartedMcpServers, prestartMcpServers } from './sources/prestart.js';
export type { ToolModuleEntry } from './sources/module-source.js';
