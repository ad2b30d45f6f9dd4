/**
 * How the functions' AWS SDK clients call their services: one set of limits, so that no
 * call to a bucket, table or secret that is slow or down can hold a request past the
 * function's timeout (10 s by default). The SDK's defaults wait on a socket without limit
 * and retry three times; a visitor is better served by the copy at hand (or a clear 500)
 * within a few seconds. https://docs.aws.amazon.com/sdk-for-javascript/v3/developer-guide/node-configuring-maxsockets.html
 */

/** Time to open a connection to a service. */
export const CONNECT_TIMEOUT_MS = 1_000;
/** Time a call may wait on its socket. */
export const REQUEST_TIMEOUT_MS = 2_500;
/** The whole of one operation, retries included: the deadline each port sets with an abort signal. */
export const OPERATION_DEADLINE_MS = 4_000;

/**
 * A client's configuration: at most two attempts (one retry, for a throttled or dropped
 * call), with the timeouts above; `endpoint` for the protocol servers tests run.
 *
 * @example
 * new S3Client({ ...awsClientOptions(process.env.STRATUS_S3_ENDPOINT), forcePathStyle: true });
 */
export function awsClientOptions(endpoint?: string) {
  return {
    ...(endpoint ? { endpoint } : {}),
    maxAttempts: 2,
    // The SDK takes NodeHttpHandler's options in place of a handler.
    // (throwOnRequestTimeout: without it the handler only warns when the time is up.)
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, throwOnRequestTimeout: true },
  };
}

/** Options for one `client.send`: aborted at OPERATION_DEADLINE_MS, so retries cannot add up past it. */
export function operationOptions(): { abortSignal: AbortSignal } {
  return { abortSignal: AbortSignal.timeout(OPERATION_DEADLINE_MS) };
}
