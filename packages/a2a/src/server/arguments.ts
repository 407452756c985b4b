import type { Message } from '@a2a-js/sdk';
import { isPlainObject, type JsonObject, parseJsonSafely, type Tool } from '@toolarsenal/toolmodel';
import { sortParts } from '../shared/parts.js';
import { isMessageTool, type ServedSkill } from './skills.js';

export type DecodedCall = { ok: true; tool: Tool; args: JsonObject } | { ok: false; reason: string };

/**
 * The tool and its arguments from a message: a plain-message tool takes the text; other tools take
 * one data part holding the argument object (or the object as JSON text); a group skill takes
 * `{tool, arguments}`. Argument validation itself is the runner's.
 */
export function decodeCall(skill: ServedSkill, message: Message): DecodedCall {
  const { texts, data } = sortParts(message.parts);
  const object = data.length === 1 && isPlainObject(data[0]) ? (data[0] as JsonObject) : fromText(texts);
  if (skill.kind === 'group') {
    if (!object || typeof object.tool !== 'string')
      return {
        ok: false,
        reason: `Skill "${skill.id}" needs a data part {"tool": <name>, "arguments": {…}}.`,
      };
    const tool = skill.members.get(object.tool);
    if (!tool)
      return { ok: false, reason: `Skill "${skill.id}" has no tool "${object.tool.slice(0, 100)}".` };
    const args = object.arguments ?? {};
    if (!isPlainObject(args)) return { ok: false, reason: '"arguments" must be an object.' };
    return { ok: true, tool, args: args as JsonObject };
  }
  const tool = skill.tool;
  if (isMessageTool(tool)) {
    if (texts.length > 0) return { ok: true, tool, args: { message: texts.join('\n') } };
    if (object && typeof object.message === 'string') return { ok: true, tool, args: object };
    return { ok: false, reason: `Skill "${skill.id}" needs a text message.` };
  }
  if (object) return { ok: true, tool, args: object };
  // No arguments at all: `{}`, which the runner validates like any other arguments.
  if (data.length === 0 && texts.every((t) => t.trim() === '')) return { ok: true, tool, args: {} };
  return {
    ok: false,
    reason: `Skill "${skill.id}" takes its arguments as a data part holding a JSON object (or that object as JSON text).`,
  };
}

function fromText(texts: string[]): JsonObject | undefined {
  const text = texts.join('\n').trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const value = parseJsonSafely(text);
    return isPlainObject(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/** A yes/no answer to a confirmation question: a data part `{confirm: boolean}` or a one-word text. */
export function readAnswer(message: Message): boolean | undefined {
  const { texts, data } = sortParts(message.parts);
  for (const value of data)
    if (isPlainObject(value) && typeof value.confirm === 'boolean') return value.confirm;
  const text = texts
    .join(' ')
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '');
  if (/^(y|yes|confirm|confirmed|approve|approved|ok)$/.test(text)) return true;
  if (/^(n|no|reject|rejected|deny|denied|decline|declined|cancel)$/.test(text)) return false;
  return undefined;
}
