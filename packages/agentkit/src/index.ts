// Public API of @toolarsenal/agentkit: the framework-neutral core of @toolarsenal/langchain and
// @toolarsenal/llamaindex (and of any other agent-framework toolkit).
export { type Access, createAccess, type Principal } from './access.js';
export {
  describe as describeValue,
  invalidOption,
  isRecord,
  ToolkitError,
  type ToolkitErrorCode,
} from './errors.js';
export {
  DEFAULT_FIND_LIMIT,
  FIND_TOOLS_DESCRIPTION,
  FIND_TOOLS_NAME,
  FIND_TOOLS_SCHEMA,
  MAX_FIND_LIMIT,
  parseFindArgs,
} from './find-tools.js';
export { compilePinned } from './pinned.js';
export { firstSentence, formatCards, type ToolCard, toolCard, toolDocumentText } from './tool-cards.js';
export {
  assertRegistered,
  type CallContext,
  type CallOutcome,
  type ConfirmHandler,
  type ConfirmRequest,
  createToolCaller,
  type ToolCaller,
  type ToolCallerOptions,
} from './tool-caller.js';
export { followIndex } from './index-names.js';
export { ToolNames } from './tool-names.js';
export {
  type ConversationTurn,
  createToolSelector,
  listTools,
  type SelectableIndex,
  type Selection,
  type SelectOptions,
  type ToolSelector,
  type ToolSelectorOptions,
} from './tool-selector.js';
export { isToolset, readTools, toTool } from './tool-list.js';
export { type ToolView, type ToolViewOptions, viewTools } from './tool-view.js';
export { type ToolRetrieverOptions, toolRetrieval } from './retriever-options.js';
export { type ToolkitContext, toolkitContext, type ToolkitOptions } from './toolkit-context.js';
export {
  createImportExecutor,
  type ImportExecutor,
  importedIdOf,
  type ImportOptions,
  importTools,
  type ToolImport,
} from './tool-import.js';
