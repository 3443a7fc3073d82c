import net from 'node:net';

/**
 * A loopback port nobody listens on right now: for a server whose address must be known before it
 * starts (the embedded PostgreSQL, a house vendor told the platform's port, a browser's debugging port).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
