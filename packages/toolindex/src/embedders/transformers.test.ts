import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbedderError } from './errors.js';
import { createTransformersEmbedder } from './transformers.js';

// @huggingface/transformers is an optional peer dependency that this repository deliberately does
// not install (it pulls onnxruntime-node and sharp), and no model can be fetched here. These tests
// cover what runs without it: model directory validation and the typed error when the peer is absent.

function modelDir(files: Record<string, string>, onnx = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolindex-model-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  if (onnx) {
    mkdirSync(join(dir, 'onnx'));
    writeFileSync(join(dir, 'onnx', 'model.onnx'), 'not really onnx');
  }
  return dir;
}

function codeOfSync(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return EmbedderError.isInstance(error) ? error.code : 'other';
  }
  return 'none';
}

describe('createTransformersEmbedder', () => {
  const valid = { 'config.json': JSON.stringify({ hidden_size: 384 }), 'tokenizer.json': '{}' };

  it('validates the local model directory', () => {
    expect(codeOfSync(() => createTransformersEmbedder({ modelPath: '' }))).toBe('EMBEDDER_INVALID_OPTION');
    expect(codeOfSync(() => createTransformersEmbedder({ modelPath: 'https://huggingface.co/x/y' }))).toBe(
      'EMBEDDER_INVALID_OPTION',
    );
    expect(
      codeOfSync(() => createTransformersEmbedder({ modelPath: join(tmpdir(), 'no-such-model-dir') })),
    ).toBe('EMBEDDER_INVALID_OPTION');
    expect(
      codeOfSync(() => createTransformersEmbedder({ modelPath: modelDir({ 'config.json': '{}' }) })),
    ).toBe('EMBEDDER_INVALID_OPTION');
    expect(codeOfSync(() => createTransformersEmbedder({ modelPath: modelDir(valid, false) }))).toBe(
      'EMBEDDER_INVALID_OPTION',
    );
    expect(
      codeOfSync(() =>
        createTransformersEmbedder({ modelPath: modelDir({ ...valid, 'config.json': '{oops' }) }),
      ),
    ).toBe('EMBEDDER_INVALID_OPTION');
    expect(
      codeOfSync(() =>
        createTransformersEmbedder({ modelPath: modelDir({ ...valid, 'config.json': '{}' }) }),
      ),
    ).toBe('EMBEDDER_INVALID_OPTION');
    expect(
      codeOfSync(() =>
        createTransformersEmbedder({ modelPath: modelDir(valid), pooling: 'max' as unknown as 'mean' }),
      ),
    ).toBe('EMBEDDER_INVALID_OPTION');
  });

  it('reads dimensions from config.json and names the model in its id', () => {
    const dir = modelDir(valid);
    const embedder = createTransformersEmbedder({ modelPath: dir });
    expect(embedder.dimensions).toBe(384);
    expect(embedder.id).toMatch(/^transformers:toolindex-model-.+@384:mean$/);
    expect(createTransformersEmbedder({ modelPath: dir, dimensions: 256, pooling: 'cls' }).id).toMatch(
      /@256:cls$/,
    );
  });

  it('fails with EMBEDDER_PEER_MISSING on first embed when the peer is not installed', async () => {
    const embedder = createTransformersEmbedder({ modelPath: modelDir(valid) });
    const error = await embedder.embed(['hello']).catch((e: unknown) => e);
    expect(EmbedderError.isInstance(error)).toBe(true);
    expect((error as EmbedderError).code).toBe('EMBEDDER_PEER_MISSING');
    expect((error as EmbedderError).message).toContain('npm install @huggingface/transformers');
  });

  it('rejects a loaded module that is not transformers.js', async () => {
    const embedder = createTransformersEmbedder({ modelPath: modelDir(valid), loadModule: async () => ({}) });
    await expect(embedder.embed(['hello'])).rejects.toMatchObject({ code: 'EMBEDDER_PEER_MISSING' });
  });
});
