import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { toolEmbeddingText, toolFields } from './tool-text.js';

describe('toolEmbeddingText', () => {
  const words = Array.from({ length: 60 }, (_, i) => `word${i}`);
  const tool = defineTool({
    name: 'lookup_weather',
    description: words.join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'one two three four five six seven eight nine ten' },
      },
    },
    tags: ['forecast'],
  });

  it('keeps the first 30 words of the description and of each parameter description 8', () => {
    const text = toolEmbeddingText(tool);
    expect(text).toContain(words.slice(0, 30).join(' '));
    expect(text).not.toContain('word30');
    expect(text).toContain('city one two three four five six seven eight');
    expect(text).not.toContain('nine');
    expect(text.startsWith('lookup weather. lookup weather. word0')).toBe(true);
  });

  it('leaves the BM25 fields whole', () => {
    expect(toolFields(tool).description).toContain(words.join(' '));
    expect(toolFields(tool).parameters).toContain('nine ten');
  });
});
