/**
 * A service that fails on command, in front of a real protocol server (s3rver, dynalite):
 * requests pass through until the test says the service is `down` (the port refuses
 * connections), `slow` (the request is held and never answered), `erroring` (an answer of
 * the test's choosing: a 5xx, a throttling error in the service's own format) or `cut`
 * (the real answer starts, then the connection drops mid-body).
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type FaultMode =
  | { kind: 'pass' }
  | { kind: 'down' }
  | { kind: 'slow' }
  | { kind: 'erroring'; status: number; contentType: string; body: string }
  | { kind: 'cut' };

export interface FaultProxy {
  endpoint: string;
  /** Requests that reached the proxy (whatever became of them). */
  requests: number;
  set(mode: FaultMode, only?: (method: string) => boolean): Promise<void>;
  close(): Promise<void>;
}

/** S3's answer when it throttles. https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html */
export const S3_SLOW_DOWN: FaultMode = {
  kind: 'erroring', status: 503, contentType: 'application/xml',
  body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
};
/** S3's answer when it fails. */
export const S3_INTERNAL: FaultMode = {
  kind: 'erroring', status: 500, contentType: 'application/xml',
  body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>',
};
/** DynamoDB's answer when it throttles. */
export const DYNAMO_THROTTLED: FaultMode = {
  kind: 'erroring', status: 400, contentType: 'application/x-amz-json-1.0',
  body: JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException', message: 'Rate of requests exceeds the allowed throughput.' }),
};
/** DynamoDB's answer when it fails. */
export const DYNAMO_INTERNAL: FaultMode = {
  kind: 'erroring', status: 500, contentType: 'application/x-amz-json-1.0',
  body: JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'Internal server error' }),
};

export async function startFaultProxy(targetPort: number): Promise<FaultProxy> {
  let mode: FaultMode = { kind: 'pass' };
  let applies: (method: string) => boolean = () => true;
  const sockets = new Set<Socket>();
  const held = new Set<ServerResponse>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    proxy.requests++;
    const current = applies(req.method ?? 'GET') ? mode : { kind: 'pass' as const };
    if (current.kind === 'slow') {
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    if (current.kind === 'erroring') {
      req.resume();
      res.writeHead(current.status, { 'content-type': current.contentType, 'content-length': String(Buffer.byteLength(current.body)) });
      res.end(current.body);
      return;
    }
    const upstream = httpRequest({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (current.kind === 'cut') {
        // The head and a first piece of the body, then the connection drops.
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.once('data', (chunk: Buffer) => {
          res.write(chunk.subarray(0, Math.max(1, chunk.length >> 1)));
          res.socket?.destroy();
          answer.destroy();
        });
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.socket?.destroy());
    req.pipe(upstream);
  };

  let server: Server = createServer(handle);
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const res of held) res.socket?.destroy();
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  const proxy: FaultProxy = {
    endpoint: `http://127.0.0.1:${port}`,
    requests: 0,
    async set(next, only) {
      const wasDown = mode.kind === 'down';
      mode = next;
      applies = only ?? (() => true);
      if (next.kind === 'down' && !wasDown) await stop();
      if (next.kind !== 'down' && wasDown) {
        server = createServer(handle);
        await listen(port);
      }
      if (next.kind !== 'slow') for (const res of held) res.socket?.destroy();
    },
    async close() {
      if (mode.kind !== 'down') await stop();
    },
  };
  return proxy;
}
