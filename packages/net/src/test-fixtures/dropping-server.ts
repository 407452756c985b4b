import { type AddressInfo, createServer } from 'node:net';

export interface DroppingServer {
  port: number;
  close(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that accepts and drops every connection: a service (a database) that cannot be used. */
export async function startDroppingServer(): Promise<DroppingServer> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
