import { isPlainObject, type Tool } from '@toolarsenal/toolmodel';

/** A compact description of a tool: what `find_tools` answers and retrievers return as a document. */
export interface ToolCard {
  /** The model-facing name the tool is called by. */
  name: string;
  /** Canonical tool id. */
  id: string;
  title?: string;
  /** First sentence of the description, at most 160 characters. */
  description: string;
  required: string[];
}

const CARD_DESCRIPTION = 160;

export function toolCard(tool: Tool, name: string): ToolCard {
  const required = Array.isArray(tool.inputSchema.required)
    ? tool.inputSchema.required.filter((r): r is string => typeof r === 'string').slice(0, 50)
    : [];
  return {
    name,
    id: tool.id,
    ...(tool.title && tool.title !== tool.name ? { title: tool.title } : {}),
    description: firstSentence(tool.description),
    required,
  };
}

/** One line per card: `name (title): first sentence [required: a, b]`. */
export function formatCards(cards: readonly ToolCard[]): string {
  if (cards.length === 0) return 'No tool matches this task. Try other words, or a broader task.';
  return cards
    .map((c, i) => {
      const head = c.title ? `${c.name} (${c.title})` : c.name;
      const req = c.required.length > 0 ? ` [required: ${c.required.join(', ')}]` : '';
      return `${i + 1}. ${head}: ${c.description || '(no description)'}${req}`;
    })
    .join('\n');
}

/**
 * The text a retriever returns for a tool: its readable name, title, description, parameters
 * (name: description) and tags, for custom chains that put tool documents into a prompt.
 */
export function toolDocumentText(tool: Tool, name: string): string {
  const lines = [tool.title && tool.title !== tool.name ? `${name} (${tool.title})` : name, tool.description];
  const props = tool.inputSchema.properties;
  if (isPlainObject(props)) {
    const required = new Set(Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : []);
    const params = Object.entries(props)
      .slice(0, 100)
      .map(([key, schema]) => {
        const about =
          isPlainObject(schema) && typeof schema.description === 'string' ? `: ${schema.description}` : '';
        return `- ${key}${required.has(key) ? ' (required)' : ''}${about}`;
      });
    if (params.length > 0) lines.push('Parameters:', ...params);
  }
  if (tool.tags.length > 0) lines.push(`Tags: ${tool.tags.join(', ')}`);
  return lines.filter((l) => l !== '').join('\n');
}

/** First sentence or line, whitespace collapsed, at most 160 characters. */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?。])(\s|$)/.exec(flat)?.[1] ?? flat;
  return sentence.length <= CARD_DESCRIPTION ? sentence : `${sentence.slice(0, CARD_DESCRIPTION - 1)}…`;
}
