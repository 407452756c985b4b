import { randomUUID } from 'node:crypto';
import { type Artifact, type Message, type Part, Role, type TaskState } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutionEvent } from '@a2a-js/sdk/server';
import type { ContentBlock } from '@toolarsenal/toolrun';
import { dataPart, textPart } from '../shared/parts.js';

export function agentMessage(taskId: string, contextId: string, parts: Part[]): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

export function statusEvent(
  taskId: string,
  contextId: string,
  state: TaskState,
  text?: string,
  data?: unknown,
): AgentExecutionEvent {
  const parts: Part[] = [];
  if (text !== undefined) parts.push(textPart(text));
  if (data !== undefined) parts.push(dataPart(data));
  return AgentEvent.statusUpdate({
    taskId,
    contextId,
    status: {
      state,
      message: parts.length > 0 ? agentMessage(taskId, contextId, parts) : undefined,
      timestamp: new Date().toISOString(),
    },
    metadata: undefined,
  });
}

function blockPart(block: ContentBlock): Part | undefined {
  const file = (mediaType: string, base64: string, filename = ''): Part => ({
    content: { $case: 'raw', value: Buffer.from(base64, 'base64') },
    metadata: undefined,
    filename,
    mediaType,
  });
  switch (block.type) {
    case 'image':
    case 'audio':
      return file(block.mimeType, block.data);
    case 'resource_link':
      return {
        content: { $case: 'url', value: block.uri },
        metadata: undefined,
        filename: block.name ?? '',
        mediaType: block.mimeType ?? '',
      };
    case 'resource':
      if (block.resource.blob !== undefined)
        return file(
          block.resource.mimeType ?? 'application/octet-stream',
          block.resource.blob,
          block.resource.uri,
        );
      return block.resource.text !== undefined ? textPart(block.resource.text) : undefined;
    case 'text':
      return undefined;
  }
}

/**
 * A tool result as one artifact: a string as a text part, any other value as a data part (the
 * structured form our client reads back exactly), rich content blocks as file / link parts; text
 * blocks only when there is no value (they repeat it otherwise).
 */
export function resultArtifact(value: unknown, content: readonly ContentBlock[] | undefined): Artifact {
  const parts: Part[] = [];
  if (typeof value === 'string') parts.push(textPart(value));
  else if (value !== undefined && value !== null) parts.push(dataPart(value));
  for (const block of content ?? []) {
    if (block.type === 'text') {
      if (value === undefined || value === null) parts.push(textPart(block.text));
      continue;
    }
    const part = blockPart(block);
    if (part) parts.push(part);
  }
  return {
    artifactId: randomUUID(),
    name: 'result',
    description: '',
    parts,
    metadata: undefined,
    extensions: [],
  };
}
