// Public API of @toolarsenal/a2a: export each name explicitly (no `export *` from internals).
export { type A2AAgent, type ConnectAgentOptions, connectAgent, type ToolChanges } from './client/agent.js';
export type { A2ACallContext } from './client/call-context.js';
export { type A2AExecutor, type A2AExecutorOptions, createA2AExecutor } from './client/executor.js';
export type { InputRequired } from './client/results.js';
export type { AgentAuth } from './client/security.js';
export type { AgentToolMeta } from './client/skill-tools.js';
export { A2AAuthError, A2ACardError, type A2ACardErrorCode, A2AConfigError } from './errors.js';
export { type A2ALimits, DEFAULT_A2A_LIMITS } from './limits.js';
export type { A2AFile } from './shared/parts.js';
export { TOOL_SCHEMA_EXTENSION_URI } from './shared/tool-schema-extension.js';
export type { A2ARequestInfo, Authenticate } from './server/http.js';
export type { A2APrincipal } from './server/principal.js';
export {
  type A2AServer,
  type A2AServerCard,
  type A2AServerOptions,
  createA2AServer,
} from './server/server.js';
export type { SkillGroup } from './server/skills.js';
export { type TokenAuthOptions, tokenAuth } from './server/token-auth.js';
