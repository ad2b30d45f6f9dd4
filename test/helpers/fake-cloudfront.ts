/**
 * CloudFront's CreateInvalidation, as far as the real `@aws-sdk/client-cloudfront` talks to
 * it (REST-XML, `POST /2020-05-31/distribution/<id>/invalidation`): CloudFront cannot run
 * here, so this is the one AWS boundary the tests fake. It records each invalidation's
 * paths; `refuse` makes the next answers CloudFront's throttling error.
 */
import { createServer, type Server } from 'node:http';

export interface FakeCloudFront {
  endpoint: string;
  /** Each accepted invalidation: its distribution and paths, in order. */
  invalidations: { distributionId: string; paths: string[] }[];
  refuse: boolean;
  close(): Promise<void>;
}

const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export async function startFakeCloudFront(): Promise<FakeCloudFront> {
  const fake: FakeCloudFront = { endpoint: '', invalidations: [], refuse: false, close: async () => undefined };
  let count = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const match = req.method === 'POST' ? /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/.exec(req.url ?? '') : null;
      if (!match) {
        res.writeHead(404, { 'content-type': 'text/xml' }).end('<ErrorResponse><Error><Code>NotFound</Code></Error></ErrorResponse>');
        return;
      }
      if (fake.refuse) {
        res.writeHead(400, { 'content-type': 'text/xml' }).end('<ErrorResponse><Error><Type>Sender</Type><Code>TooManyInvalidationsInProgress</Code><Message>Slow down</Message></Error></ErrorResponse>');
        return;
      }
      const paths = [...body.matchAll(/<Path>(.*?)<\/Path>/g)].map((m) => decode(m[1]!));
      const quantity = Number(/<Quantity>(\d+)<\/Quantity>/.exec(body)?.[1]);
      if (quantity !== paths.length) {
        res.writeHead(400, { 'content-type': 'text/xml' }).end('<ErrorResponse><Error><Type>Sender</Type><Code>InconsistentQuantities</Code></Error></ErrorResponse>');
        return;
      }
      fake.invalidations.push({ distributionId: match[1]!, paths });
      const id = `I${++count}`;
      res.writeHead(201, { 'content-type': 'text/xml', location: `${fake.endpoint}/2020-05-31/distribution/${match[1]}/invalidation/${id}` });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>${id}</Id><Status>InProgress</Status><CreateTime>${new Date().toISOString()}</CreateTime>${/<InvalidationBatch[\s\S]*<\/InvalidationBatch>/.exec(body)?.[0] ?? ''}</Invalidation>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  fake.endpoint = `http://127.0.0.1:${port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
