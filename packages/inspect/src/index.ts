// Public API of @toolarsenal/inspect: export each name explicitly (no `export *` from internals).
export { InspectError, type InspectErrorCode } from './errors.js';
export { type InspectServer, type InspectServerOptions, startInspectServer } from './http/server.js';
export type {
  AccessView,
  AccessViewInfo,
  InspectAccess,
  InspectCall,
  InspectCallOutcome,
  InspectCalls,
  InspectEvent,
  InspectTarget,
  NamedSubject,
  Scoring,
  ToolOrigin,
  VisibilityExplanation,
} from './target.js';
export { createToolsTarget, type ToolsTargetOptions } from './tools-target.js';
export { runnerCalls } from './runner-calls.js';
export { exposureAccess, policyAccess, toolsetAccess } from './access.js';
export type { Contribution } from './views/contributions.js';
