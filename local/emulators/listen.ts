// Small helpers for servers on loopback: the bound port of a server, and a close that waits.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/** Static credentials for emulators: the SDK wants some, the emulators check none. */
export const LOCAL_AWS = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
} as const;
