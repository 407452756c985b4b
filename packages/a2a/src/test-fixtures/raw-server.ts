/** A bare node:http server on 127.0.0.1 answering with whatever a test gives it (hostile agents). */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawServer {
  url: string;
  requests: { method: string; url: string; body: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

export async function startRawServer(
  handle: (req: IncomingMessage, res: ServerResponse, body: string, url: string) => void,
): Promise<RawServer> {
  const requests: RawServer['requests'] = [];
  let url = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers });
      handle(req, res, body, url);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A minimal valid v1.0 card pointing at `url`. */
export function cardAt(url: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Raw',
    description: 'raw agent',
    version: '1.0.0',
    supportedInterfaces: [{ url: `${url}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: false },
    skills: [{ id: 'do', name: 'do', description: 'does', tags: [] }],
    ...extra,
  };
}
