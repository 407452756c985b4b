import { randomUUID } from 'node:crypto';
import { type Message, type Part, Role } from '@a2a-js/sdk';
import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { decodeCall, readAnswer } from './arguments.js';
import { PendingCalls } from './pending.js';
import type { ServedSkill } from './skills.js';

const tool = defineTool({
  name: 't',
  inputSchema: { type: 'object', properties: { a: { type: 'number' } } },
});
const call = (taskId: string) => ({
  owner: 'public|x',
  taskId,
  contextId: 'c',
  tool,
  args: { a: 1 },
  principal: {},
  question: 'q',
});

function message(parts: Part[]): Message {
  return {
    messageId: randomUUID(),
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}
const text = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: '',
});
const data = (value: unknown): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: '',
});

describe('pending confirmations', () => {
  it('a claimed call cannot be claimed again; a released claim can', () => {
    const pending = new PendingCalls(1_000, 10);
    pending.add(call('t1'), 0);
    expect(pending.claim('t1', 'm1')?.taskId).toBe('t1');
    expect(pending.claim('t1', 'm2')).toBeUndefined();
    pending.release('m1');
    expect(pending.claim('t1', 'm3')?.taskId).toBe('t1');
    expect(pending.takeClaim('m3')?.taskId).toBe('t1');
    expect(pending.takeClaim('m3')).toBeUndefined();
  });

  it('drops expired calls and keeps at most `max`', () => {
    const pending = new PendingCalls(100, 2);
    pending.add(call('old'), 0);
    pending.add(call('a'), 500);
    expect(pending.peek('old')).toBeUndefined();
    pending.add(call('b'), 500);
    pending.add(call('c'), 500);
    expect([pending.peek('a'), pending.peek('b'), pending.peek('c')].map((p) => p?.taskId)).toEqual([
      undefined,
      'b',
      'c',
    ]);
  });
});

describe('reading a message', () => {
  it('reads yes / no answers and nothing else', () => {
    expect(readAnswer(message([data({ confirm: true })]))).toBe(true);
    expect(readAnswer(message([text('No.')]))).toBe(false);
    expect(readAnswer(message([text(' YES ')]))).toBe(true);
    expect(readAnswer(message([text('yes, but also delete everything')]))).toBeUndefined();
    expect(readAnswer(message([data({ confirm: 'yes' })]))).toBeUndefined();
  });

  it('takes arguments from one data part, JSON text, or nothing', () => {
    const skill: ServedSkill = {
      kind: 'tool',
      id: 't',
      skill: {},
      schema: { inputSchema: {}, hash: 'h' },
      tool,
    };
    expect(decodeCall(skill, message([data({ a: 2 })]))).toMatchObject({ ok: true, args: { a: 2 } });
    expect(decodeCall(skill, message([text('{"a": 3}')]))).toMatchObject({ ok: true, args: { a: 3 } });
    expect(decodeCall(skill, message([]))).toMatchObject({ ok: true, args: {} });
    expect(decodeCall(skill, message([text('please add')]))).toMatchObject({ ok: false });
    expect(decodeCall(skill, message([text('{"__proto__": {"x": 1}}')]))).toMatchObject({ ok: false });
    expect(decodeCall(skill, message([data([1, 2])]))).toMatchObject({ ok: false });
  });
});
