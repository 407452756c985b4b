/**
 * Turns texts into vectors. Implementations must be deterministic for a given `id`
 * (vectors are cached and persisted under it) and must honour the abort signal.
 */
export interface Embedder {
  /** Identifies model + settings; a snapshot made with another id is refused on load. */
  readonly id: string;
  readonly dimensions: number;
  /** Embeds a batch; returns one vector of length `dimensions` per text, in order. */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
}

export interface EmbedOptions {
  signal?: AbortSignal;
}
