// Public API of @toolarsenal/langchain.
export { ArsenalTool, type ArsenalToolFields, isArsenalTool, TOOL_ID_METADATA_KEY } from './arsenal-tool.js';
export { createFindToolsTool, type FindToolsArtifact, type FindToolsToolOptions } from './find-tools-tool.js';
export {
  canonicalIdOf,
  createLangChainExecutor,
  type FromLangChainOptions,
  fromLangChainTools,
  type LangChainExecutor,
  type LangChainImport,
  type LangChainToolLike,
} from './from-langchain.js';
export {
  type ArsenalSource,
  type SelectionEvent,
  toolArsenalMiddleware,
  type ToolArsenalMiddlewareOptions,
} from './middleware.js';
export { type ToolDocumentMetadata, ToolIndexRetriever, type ToolIndexRetrieverFields } from './retriever.js';
export { type ToLangChainOptions, toLangChainTools } from './to-langchain.js';
// Re-exported from @toolarsenal/agentkit for convenience.
export {
  type ConfirmHandler,
  type ConfirmRequest,
  type Principal,
  type Selection,
  ToolkitError,
  type ToolkitErrorCode,
  ToolNames,
} from '@toolarsenal/agentkit';
