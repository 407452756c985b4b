import type { ServerResponse } from 'node:http';
import type { InspectTarget } from '../target.js';
import { SECURITY_HEADERS } from './respond.js';

/** Streams open at once; the oldest is closed for a new one (a page opened in many tabs). */
const MAX_STREAMS = 32;
/** Bursts of changes (a source listing, then its status) become one event. */
const COALESCE_MS = 50;
/** A comment line now and then keeps idle proxies and the browser from dropping the stream. */
const KEEPALIVE_MS = 20_000;

/**
 * `GET /api/events`: a Server-Sent Events stream telling the page that the tools or their health changed
 * (`event: change`, data `{"version":n}`), so it reloads what it shows. Fed by `InspectTarget.subscribe`.
 */
export class ChangeFeed {
  #version = 0;
  readonly #streams = new Set<ServerResponse>();
  readonly #off: (() => void) | undefined;
  #pending: ReturnType<typeof setTimeout> | undefined;
  readonly #keepalive: ReturnType<typeof setInterval>;

  constructor(target: InspectTarget) {
    this.#off = target.subscribe?.(() => this.#changed());
    this.#keepalive = setInterval(() => {
      for (const stream of this.#streams) stream.write(': keepalive\n\n');
    }, KEEPALIVE_MS);
    this.#keepalive.unref();
  }

  /** Bumped on every (coalesced) change. */
  get version(): number {
    return this.#version;
  }

  open(response: ServerResponse): void {
    if (this.#streams.size >= MAX_STREAMS) {
      const oldest = this.#streams.values().next().value as ServerResponse;
      this.#streams.delete(oldest);
      oldest.end();
    }
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      connection: 'keep-alive',
    });
    response.write(`retry: 2000\nevent: hello\ndata: ${JSON.stringify({ version: this.#version })}\n\n`);
    this.#streams.add(response);
    response.on('close', () => this.#streams.delete(response));
  }

  close(): void {
    this.#off?.();
    clearInterval(this.#keepalive);
    clearTimeout(this.#pending);
    for (const stream of this.#streams) stream.end();
    this.#streams.clear();
  }

  #changed(): void {
    if (this.#pending) return;
    this.#pending = setTimeout(() => {
      this.#pending = undefined;
      this.#version++;
      const line = `event: change\ndata: ${JSON.stringify({ version: this.#version })}\n\n`;
      for (const stream of this.#streams) stream.write(line);
    }, COALESCE_MS);
  }
}
