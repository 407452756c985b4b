import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  received: Received[];
  /** The handler answering requests (replaceable). */
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void;
  close(): Promise<void>;
}

/** A real node:http server on 127.0.0.1 that records each request, then lets `handle` answer. */
export async function startServer(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<TestServer> {
  const received: Received[] = [];
  let current = handle;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      current(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    get handle() {
      return current;
    },
    set handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
