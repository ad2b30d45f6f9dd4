/**
 * Request smuggling: a request whose framing is ambiguous (Content-Length with
 * Transfer-Encoding, two lengths, an obsolete line fold) is refused whole by the local
 * server's parser, so no second request hides in its body. In AWS, CloudFront terminates
 * HTTP and the functions receive structured Function URL events: no function parses raw HTTP.
 */
import net from 'node:net';
import path from 'node:path';
import { FIXTURES } from '../../helpers/build-app';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer(path.join(FIXTURES, 'apps', 'basic'));
});
afterAll(() => server?.stop());

/** Sends bytes as they are and returns every status line that came back. */
function statusLines(bytes: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let received = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('timed out')));
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(received.match(/^HTTP\/1\.1 \d{3}/gm) ?? []));
    socket.end(bytes);
  });
}

const smuggled = 'GET /secret HTTP/1.1\r\nHost: localhost\r\n\r\n';

test.each([
  ['Content-Length with Transfer-Encoding', `POST /about HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggled}`],
  ['two Content-Lengths', `POST /about HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nContent-Length: 40\r\n\r\n${smuggled}`],
  ['an obsolete line fold', `GET /about HTTP/1.1\r\nHost: localhost\r\nX-A: 1\r\n Transfer-Encoding: chunked\r\n\r\n${smuggled}`],
])('%s: one 400, nothing answered for the hidden request', async (_name, bytes) => {
  expect(await statusLines(bytes)).toEqual(['HTTP/1.1 400']);
  expect(server.alive()).toBe(true);
});

test('the server answers normally afterwards', async () => {
  expect(await statusLines('GET /about HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).toEqual(['HTTP/1.1 200']);
});
