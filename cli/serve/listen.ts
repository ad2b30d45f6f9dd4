/**
 * Listens on the port asked for, failing at once with a message that says what to do when
 * it is taken (`stratus dev` and `stratus start` exit 1 with it).
 */
import type { Server } from 'node:http';
import { BuildError } from '../builder/errors';

/** Resolves to the port listened on (the one given, or the system's pick for 0). */
export function listen(server: Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new BuildError(`Port ${port} is in use: stop what runs there, or pick another with --port N (or PORT=N).`, 'SERVER_START_FAILED')
          : error,
      ),
    );
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
