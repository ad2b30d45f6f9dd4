/**
 * A span for each AWS SDK call a client makes (`S3.GetObject`, `DynamoDB.PutItem`), retries
 * included, through a middleware on the client's stack: the ports add it to every client
 * they make. Nothing happens without a tracer provider.
 */
import { tracing } from './otel';

/** The part of an SDK v3 client this needs (no @smithy types in the functions' code). */
interface TraceableClient {
  middlewareStack?: { add(middleware: unknown, options: { step: 'initialize'; name: string; override?: boolean }): void };
}

type Next = (args: unknown) => Promise<{ output?: { $metadata?: { requestId?: string; httpStatusCode?: number } } }>;

/**
 * Adds the span middleware to `client`, named after `service` (`S3`, `DynamoDB`, …), and
 * returns the client.
 *
 * @example
 * const client = traceAwsCalls(new S3Client(awsClientOptions()), 'S3');
 */
export function traceAwsCalls<C extends TraceableClient>(client: C, service: string): C {
  const middleware = (next: Next, context: { commandName?: string }) => (args: unknown) => {
    const on = tracing();
    return on ? on.awsCallSpan(service, (context.commandName ?? 'Call').replace(/Command$/, ''), () => next(args)) : next(args);
  };
  // A stand-in client (tests) may have no middleware stack.
  client.middlewareStack?.add(middleware, { step: 'initialize', name: 'stratusTracing', override: true });
  return client;
}
