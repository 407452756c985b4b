import { randomUUID } from 'node:crypto';
import { type Message, type Part, Role } from '@a2a-js/sdk';
import { isPlainObject } from '@toolarsenal/toolmodel';
import type { ExecutionRequest } from '@toolarsenal/toolrun';
import { dataPart, textPart } from '../shared/parts.js';
import { resumeOf } from './call-context.js';
import type { AgentToolMeta } from './skill-tools.js';

/**
 * The message for one call: the arguments as one data part (skills with a declared schema) or as
 * the text plus an optional data part; the skill id (and its hash) in the metadata; the task and
 * context ids when the call answers an `input-required` task.
 */
export function buildMessage(request: ExecutionRequest, meta: AgentToolMeta, structured: boolean): Message {
  const args = request.arguments;
  const parts: Part[] = [];
  if (structured) parts.push(dataPart(args));
  else {
    if (typeof args.message === 'string') parts.push(textPart(args.message));
    if (isPlainObject(args.data)) parts.push(dataPart(args.data));
  }
  const resume = resumeOf(request.context);
  const metadata: Record<string, unknown> = {};
  if (meta.skill !== undefined) metadata.skillId = meta.skill;
  if (meta.hash !== undefined) metadata.skillHash = meta.hash;
  return {
    messageId: randomUUID(),
    contextId: resume?.contextId ?? '',
    taskId: resume?.taskId ?? '',
    role: Role.ROLE_USER,
    parts,
    metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}
