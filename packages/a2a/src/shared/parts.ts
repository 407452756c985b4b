import type { Artifact, Part } from '@a2a-js/sdk';
import type { ContentBlock } from '@toolarsenal/toolrun';

/** A file in an A2A result: bytes (base64) or a link, with its media type and name when given. */
export interface A2AFile {
  name?: string;
  mediaType?: string;
  /** Base64 content, for files sent inline. */
  bytes?: string;
  /** Link, for files sent by reference. */
  uri?: string;
}

/** The parts of a message or of a task's artifacts, sorted by kind. */
export interface SortedParts {
  texts: string[];
  data: unknown[];
  files: A2AFile[];
}

export function textPart(text: string): Part {
  return { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' };
}

export function dataPart(value: unknown): Part {
  return {
    content: { $case: 'data', value },
    metadata: undefined,
    filename: '',
    mediaType: 'application/json',
  };
}

export function sortParts(parts: readonly Part[]): SortedParts {
  const out: SortedParts = { texts: [], data: [], files: [] };
  for (const part of parts) {
    const content = part.content;
    if (!content) continue;
    const named = (file: A2AFile): A2AFile => {
      if (part.filename) file.name = part.filename;
      if (part.mediaType) file.mediaType = part.mediaType;
      return file;
    };
    switch (content.$case) {
      case 'text':
        out.texts.push(content.value);
        break;
      case 'data':
        out.data.push(content.value);
        break;
      case 'raw':
        out.files.push(named({ bytes: Buffer.from(content.value).toString('base64') }));
        break;
      case 'url':
        out.files.push(named({ uri: content.value }));
        break;
    }
  }
  return out;
}

export function partsOfArtifacts(artifacts: readonly Artifact[]): Part[] {
  return artifacts.flatMap((a) => a.parts);
}

/** Content blocks for toolrun's `ToolOutput`: text, images inline, other files as resources or links. */
export function contentBlocks(sorted: SortedParts): ContentBlock[] {
  const blocks: ContentBlock[] = sorted.texts.map((text) => ({ type: 'text', text }));
  for (const value of sorted.data) blocks.push({ type: 'text', text: JSON.stringify(value) });
  for (const file of sorted.files) {
    const mimeType = file.mediaType || 'application/octet-stream';
    if (file.uri !== undefined)
      blocks.push({
        type: 'resource_link',
        uri: file.uri,
        mimeType,
        ...(file.name ? { name: file.name } : {}),
      });
    else if (mimeType.startsWith('image/')) blocks.push({ type: 'image', data: file.bytes ?? '', mimeType });
    else if (mimeType.startsWith('audio/')) blocks.push({ type: 'audio', data: file.bytes ?? '', mimeType });
    else
      blocks.push({
        type: 'resource',
        resource: {
          uri: `a2a-file:${encodeURIComponent(file.name ?? 'file')}`,
          blob: file.bytes ?? '',
          mimeType,
        },
      });
  }
  return blocks;
}
