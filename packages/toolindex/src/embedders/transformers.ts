import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { raceAbort } from './abort.js';
import type { Embedder, EmbedOptions } from './embedder.js';
import { EmbedderError, throwIfAborted } from './errors.js';
import { assertTexts, assertVectors, positiveInt } from './validate.js';

export interface TransformersEmbedderOptions {
  /** Local model directory (Hugging Face layout: config.json, tokenizer.json, onnx/*.onnx). Never downloaded. */
  modelPath: string;
  /** Vector length; default `hidden_size` from config.json. */
  dimensions?: number;
  /** Token pooling. Default 'mean'. */
  pooling?: 'mean' | 'cls';
  /** Normalise vectors to unit length. Default true. */
  normalize?: boolean;
  /** ONNX weights variant, e.g. 'fp32', 'q8' (file onnx/model.onnx or onnx/model_quantized.onnx). Default 'fp32'. */
  dtype?: string;
  /** Texts per model call. Default 32. */
  batchSize?: number;
  /** Overrides the embedder id (default `transformers:<model directory name>@<dimensions>:<pooling>`). */
  id?: string;
  /** Loads `@huggingface/transformers`; default a dynamic import of the optional peer dependency. */
  loadModule?: () => Promise<unknown>;
}

const PEER = '@huggingface/transformers';

interface FeatureTensor {
  dims: number[];
  data: ArrayLike<number>;
}
type FeatureExtractor = (
  texts: string[],
  options: { pooling: string; normalize: boolean },
) => Promise<FeatureTensor>;
interface TransformersModule {
  env: Record<string, unknown>;
  pipeline(task: string, model: string, options: Record<string, unknown>): Promise<FeatureExtractor>;
}

/**
 * An {@link Embedder} running a sentence-embedding model with transformers.js from a LOCAL directory
 * (remote model loading is switched off). `@huggingface/transformers` is an optional peer
 * dependency: install it yourself; without it the first `embed` fails with `EMBEDDER_PEER_MISSING`.
 * The model directory is validated when the embedder is created.
 */
export function createTransformersEmbedder(options: TransformersEmbedderOptions): Embedder {
  const modelDir = validateModelDir(options.modelPath);
  const config = readConfig(modelDir);
  const hidden = typeof config.hidden_size === 'number' ? config.hidden_size : undefined;
  const dimensions = positiveInt('dimensions', options.dimensions ?? hidden, 0, 65_536);
  if (dimensions === 0) {
    throw new EmbedderError(
      'EMBEDDER_INVALID_OPTION',
      `dimensions is required: ${join(modelDir, 'config.json')} has no numeric hidden_size`,
    );
  }
  const pooling = options.pooling ?? 'mean';
  if (pooling !== 'mean' && pooling !== 'cls') {
    throw new EmbedderError(
      'EMBEDDER_INVALID_OPTION',
      `pooling must be "mean" or "cls", got ${JSON.stringify(pooling)}`,
    );
  }
  const normalize = options.normalize ?? true;
  const dtype = options.dtype ?? 'fp32';
  const batchSize = positiveInt('batchSize', options.batchSize, 32, 4096);
  const loadModule = options.loadModule ?? (() => import(PEER));
  const id =
    options.id ?? `transformers:${basename(modelDir)}@${dimensions}:${pooling}${normalize ? '' : ':raw'}`;
  let extractor: Promise<FeatureExtractor> | undefined;

  const getExtractor = (): Promise<FeatureExtractor> => {
    extractor ??= createExtractor(loadModule, modelDir, dtype).catch((error: unknown) => {
      extractor = undefined;
      throw error;
    });
    return extractor;
  };

  return {
    id,
    dimensions,
    async embed(texts: readonly string[], embedOptions: EmbedOptions = {}): Promise<Float32Array[]> {
      assertTexts(texts);
      const { signal } = embedOptions;
      throwIfAborted(signal);
      const run = await raceAbort(getExtractor(), signal);
      const out: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        throwIfAborted(signal);
        const batch = texts.slice(start, start + batchSize);
        let tensor: FeatureTensor;
        try {
          tensor = await raceAbort(run(batch, { pooling, normalize }), signal);
        } catch (error) {
          if (EmbedderError.isInstance(error)) throw error;
          throw new EmbedderError(
            'EMBEDDER_MODEL',
            `Model ${modelDir} failed to embed: ${messageOf(error)}`,
            { cause: error },
          );
        }
        out.push(...assertVectors({ id, dimensions }, batch.length, splitRows(tensor, batch.length)));
      }
      return out;
    },
  };
}

async function createExtractor(
  loadModule: () => Promise<unknown>,
  modelDir: string,
  dtype: string,
): Promise<FeatureExtractor> {
  let mod: TransformersModule;
  try {
    mod = (await loadModule()) as TransformersModule;
  } catch (error) {
    throw new EmbedderError(
      'EMBEDDER_PEER_MISSING',
      `createTransformersEmbedder needs the optional peer dependency ${PEER}: npm install ${PEER}`,
      { cause: error },
    );
  }
  if (typeof mod?.pipeline !== 'function' || typeof mod.env !== 'object' || mod.env === null) {
    throw new EmbedderError(
      'EMBEDDER_PEER_MISSING',
      `${PEER} was loaded but exports no pipeline()/env: unsupported version`,
    );
  }
  // Local files only: never reach a model hub.
  mod.env.allowRemoteModels = false;
  mod.env.allowLocalModels = true;
  mod.env.localModelPath = dirname(modelDir);
  try {
    return await mod.pipeline('feature-extraction', basename(modelDir), { local_files_only: true, dtype });
  } catch (error) {
    throw new EmbedderError('EMBEDDER_MODEL', `Cannot load the model in ${modelDir}: ${messageOf(error)}`, {
      cause: error,
    });
  }
}

function splitRows(tensor: FeatureTensor, expected: number): Float32Array[] {
  const dims = Array.isArray(tensor?.dims) ? tensor.dims : [];
  const width = dims.length === 2 ? (dims[1] as number) : -1;
  if (dims[0] !== expected || width < 1 || tensor.data?.length !== expected * width) {
    throw new EmbedderError(
      'EMBEDDER_INVALID_VECTOR',
      `Model output has shape [${dims.join(', ')}], expected [${expected}, dimensions]`,
    );
  }
  const rows: Float32Array[] = [];
  for (let r = 0; r < expected; r++)
    rows.push(Float32Array.from({ length: width }, (_, k) => tensor.data[r * width + k] as number));
  return rows;
}

function validateModelDir(modelPath: unknown): string {
  if (typeof modelPath !== 'string' || modelPath.trim() === '') {
    throw new EmbedderError(
      'EMBEDDER_INVALID_OPTION',
      'modelPath must be a non-empty path to a local model directory',
    );
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(modelPath)) {
    throw new EmbedderError(
      'EMBEDDER_INVALID_OPTION',
      `modelPath must be a local directory, not a URL: ${modelPath}`,
    );
  }
  const dir = resolve(modelPath);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new EmbedderError('EMBEDDER_INVALID_OPTION', `modelPath ${dir} is not a directory`);
  }
  for (const file of ['config.json', 'tokenizer.json']) {
    if (!existsSync(join(dir, file))) {
      throw new EmbedderError(
        'EMBEDDER_INVALID_OPTION',
        `modelPath ${dir} has no ${file} (expected a Hugging Face model directory)`,
      );
    }
  }
  const onnxDir = join(dir, 'onnx');
  const hasOnnx =
    existsSync(onnxDir) &&
    statSync(onnxDir).isDirectory() &&
    readdirSync(onnxDir).some((f) => f.endsWith('.onnx'));
  if (!hasOnnx) {
    throw new EmbedderError(
      'EMBEDDER_INVALID_OPTION',
      `modelPath ${dir} has no onnx/*.onnx weights (transformers.js runs ONNX exports)`,
    );
  }
  return dir;
}

function readConfig(dir: string): Record<string, unknown> {
  const file = join(dir, 'config.json');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new EmbedderError('EMBEDDER_INVALID_OPTION', `${file} is not valid JSON`, { cause: error });
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new EmbedderError('EMBEDDER_INVALID_OPTION', `${file} must hold a JSON object`);
  }
  return json as Record<string, unknown>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
