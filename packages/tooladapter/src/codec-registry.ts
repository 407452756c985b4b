import { a2aSkillCodec } from './codecs/a2a-skill.js';
import { anthropicCodec } from './codecs/anthropic.js';
import { geminiCodec } from './codecs/gemini.js';
import { geminiJsonCodec } from './codecs/gemini-json.js';
import { langchainCodec } from './codecs/langchain.js';
import { legacyFunctionCodec } from './codecs/legacy-function.js';
import { mcpCodec } from './codecs/mcp.js';
import { openaiChatCodec } from './codecs/openai-chat.js';
import { openaiResponsesCodec } from './codecs/openai-responses.js';
import { openApiOperationCodec } from './codecs/openapi-operation.js';
import type { DialectCodec } from './types.js';

/** Every codec, one entry per dialect. Add a codec by importing it and appending it here. */
export const CODECS: readonly DialectCodec[] = [
  mcpCodec,
  openaiChatCodec,
  openaiResponsesCodec,
  anthropicCodec,
  geminiCodec,
  geminiJsonCodec,
  langchainCodec,
  a2aSkillCodec,
  openApiOperationCodec,
  legacyFunctionCodec,
];
