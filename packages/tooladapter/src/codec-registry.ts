import { mcpCodec } from './codecs/mcp.js';
import { openaiChatCodec } from './codecs/openai-chat.js';
import { openaiResponsesCodec } from './codecs/openai-responses.js';
import type { DialectCodec } from './types.js';

/** Every codec, one entry per dialect. Add a codec by importing it and appending it here. */
export const CODECS: readonly DialectCodec[] = [mcpCodec, openaiChatCodec, openaiResponsesCodec];
