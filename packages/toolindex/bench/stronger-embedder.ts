import type { Embedder } from '../src/embedders/embedder.js';
import { createOpenAICompatibleEmbedder } from '../src/embedders/openai-compatible.js';
import { createTransformersEmbedder } from '../src/embedders/transformers.js';

/**
 * A stronger embedder for the bench's extra hybrid row, when one is reachable:
 * - `TOOLINDEX_BENCH_TRANSFORMERS_MODEL=/path/to/model` (a local transformers.js model directory; needs the
 *   optional peer `@huggingface/transformers` installed), or
 * - `TOOLINDEX_BENCH_OPENAI_URL` + `TOOLINDEX_BENCH_OPENAI_MODEL` (+ `TOOLINDEX_BENCH_OPENAI_DIMENSIONS`,
 *   `OPENAI_API_KEY`): any OpenAI-compatible `/embeddings` endpoint (OpenAI, Ollama, vLLM, a local server).
 * Otherwise the row is skipped with a note.
 */
export async function strongerEmbedder(): Promise<{ embedder?: Embedder; note: string }> {
  const env = process.env;
  const modelPath = env.TOOLINDEX_BENCH_TRANSFORMERS_MODEL;
  if (modelPath) {
    const embedder = createTransformersEmbedder({ modelPath });
    return { embedder, note: `stronger embedder: ${embedder.id} (transformers.js, local)` };
  }
  const baseURL = env.TOOLINDEX_BENCH_OPENAI_URL;
  const model = env.TOOLINDEX_BENCH_OPENAI_MODEL;
  if (baseURL && model) {
    const dimensions = env.TOOLINDEX_BENCH_OPENAI_DIMENSIONS
      ? Number(env.TOOLINDEX_BENCH_OPENAI_DIMENSIONS)
      : undefined;
    const embedder = createOpenAICompatibleEmbedder({
      baseURL,
      model,
      ...(dimensions ? { dimensions } : {}),
      ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
    });
    return { embedder, note: `stronger embedder: ${embedder.id} (OpenAI-compatible endpoint)` };
  }
  return {
    note:
      'stronger embedder: skipped — none reachable (set TOOLINDEX_BENCH_TRANSFORMERS_MODEL to a local model directory, ' +
      'or TOOLINDEX_BENCH_OPENAI_URL + TOOLINDEX_BENCH_OPENAI_MODEL); this machine can download no model weights.',
  };
}
