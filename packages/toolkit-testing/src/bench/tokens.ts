import { getEncoding } from 'js-tiktoken';

let encoder: ReturnType<typeof getEncoding> | undefined;

/** Tokens of a value's JSON text (o200k_base, the encoding of current OpenAI models). */
export function jsonTokens(value: unknown): number {
  encoder ??= getEncoding('o200k_base');
  return encoder.encode(JSON.stringify(value)).length;
}
