/**
 * Tool-result messages live in tooladapter (one home for dialect knowledge); `formatResult` is
 * its `formatToolResult`, which takes a toolrun `ToolResult` as it is.
 */
export {
  DEFAULT_RESULT_MAX_LENGTH,
  type FormattedToolResult,
  type FormatToolResultOptions,
  formatToolResult as formatResult,
  type ToolResultDialect,
} from '@toolarsenal/tooladapter';
