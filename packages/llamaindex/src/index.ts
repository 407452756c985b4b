// Public API of @toolarsenal/llamaindex.
export {
  ArsenalFunctionTool,
  type ArsenalFunctionToolFields,
  isArsenalFunctionTool,
} from './arsenal-function-tool.js';
export {
  canonicalIdOf,
  createLlamaIndexExecutor,
  type FromLlamaIndexOptions,
  fromLlamaIndexTools,
  type LlamaIndexExecutor,
  type LlamaIndexImport,
} from './from-llamaindex.js';
export {
  createToolRetriever,
  ToolIndexRetriever,
  type ToolIndexRetrieverOptions,
  type ToolRetrieverOptions,
} from './retriever.js';
export {
  type ArsenalSource,
  ToolSelectingAgent,
  type ToolSelectingAgentParams,
  toolSelectingAgent,
  type ToolSelectionOptions,
} from './selecting-agent.js';
export { type ToLlamaIndexOptions, toLlamaIndexTools } from './to-llamaindex.js';
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
