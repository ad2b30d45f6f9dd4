/**
 * Source for absolute image URLs on hosts the config allows. Each hop (the first request
 * and up to `maxRedirects` redirects) is checked against `remotePatterns`, and the
 * address a name resolves to is checked before connecting and then used for the
 * connection, so DNS cannot answer differently between the check and the request.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { RemotePattern } from '../../../contract/config';
import { HttpError, isHttpError } from '../../shared/http-error';
import { isAllowedRemoteUrl } from '../remote-patterns';
import { createGuardedLookup, defaultResolveHost, isIpLiteral, isPublicAddress, type ResolveHost } from '../../shared/public-address';
import { DEFAULT_MAX_INPUT_BYTES, notFound, parseMaxAge, readCapped, tooManyBytes, type ImageSource } from './source';

export type { ResolveHost };

export interface RemoteSourceOptions {
  remotePatterns: readonly RemotePattern[];
  /** Time for the whole load, redirects and body included; past it the answer is 504. @default 7000 */
  timeoutMs?: number;
  /** @default 3 */
  maxRedirects?: number;
  /** @default DEFAULT_MAX_INPUT_BYTES (50 MiB) */
  maxInputBytes?: number;
  /** Name resolution; tests inject one to map a name to a private address. @default dns.lookup */
  resolveHost?: ResolveHost;
  /** Test-only: allow loopback addresses so tests can serve images from 127.0.0.1. @default false */
  allowLoopback?: boolean;
}

export const NOT_ALLOWED_MESSAGE = '"url" parameter is not allowed';
export const PRIVATE_ADDRESS_MESSAGE = '"url" parameter is valid but upstream image resolved to private ip';
export const UPSTREAM_INVALID_MESSAGE = '"url" parameter is valid but upstream response is invalid';
export const TIMEOUT_MESSAGE = '"url" parameter is valid but upstream response timed out';
export const TOO_MANY_REDIRECTS_MESSAGE = '"url" parameter is valid but upstream response has too many redirects';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches allowed remote images over HTTP(S).
 *
 * @example
 * const source = createRemoteSource({ remotePatterns: [{ protocol: 'https', hostname: 'images.example.com' }] });
 * await source.load('https://images.example.com/a.jpg');
 */
export function createRemoteSource(options: RemoteSourceOptions): ImageSource {
  const timeoutMs = options.timeoutMs ?? 7000;
  const maxRedirects = options.maxRedirects ?? 3;
  const maxInputBytes = options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES;
  const resolveHost = options.resolveHost ?? defaultResolveHost;
  const policy = { allowLoopback: options.allowLoopback === true };

  const guardedLookup = createGuardedLookup(resolveHost, policy, () => new HttpError(400, PRIVATE_ADDRESS_MESSAGE));

  function checkUrl(url: URL): void {
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !isAllowedRemoteUrl(url, options.remotePatterns)) {
      throw new HttpError(400, NOT_ALLOWED_MESSAGE);
    }
    if (isIpLiteral(url.hostname) && !isPublicAddress(url.hostname, policy)) {
      // `net` skips the lookup for IP literals, so they are checked here instead.
      throw new HttpError(400, PRIVATE_ADDRESS_MESSAGE);
    }
  }

  return {
    async load(href) {
      const deadline = new Deadline(timeoutMs);
      try {
        let url = new URL(href);
        for (let redirects = 0; ; redirects++) {
          checkUrl(url);
          const response = await deadline.run((signal) => get(url, guardedLookup, signal));
          const location = response.headers.location;
          if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
            response.resume();
            if (redirects >= maxRedirects) throw new HttpError(508, TOO_MANY_REDIRECTS_MESSAGE);
            url = new URL(location, url);
            continue;
          }
          const status = response.statusCode ?? 0;
          if (status === 404 || status === 410) {
            response.resume();
            throw notFound();
          }
          if (status < 200 || status > 299) {
            response.resume();
            throw new HttpError(502, UPSTREAM_INVALID_MESSAGE);
          }
          const declared = Number(response.headers['content-length']);
          if (Number.isFinite(declared) && declared > maxInputBytes) {
            response.destroy();
            throw tooManyBytes(declared, maxInputBytes);
          }
          const buffer = await deadline.run(() => readCapped(response, maxInputBytes, () => response.destroy()), response);
          return { buffer, maxAge: parseMaxAge(response.headers['cache-control']) };
        }
      } finally {
        deadline.clear();
      }
    },
  };
}

/** Sends one GET without following redirects. */
function get(url: URL, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, {
      lookup,
      signal,
      headers: { accept: 'image/*', 'user-agent': 'stratus-image' },
    });
    request.on('response', resolve);
    request.on('error', reject);
  });
}

/**
 * One time budget shared by every hop and the body. Work still running when it expires
 * is aborted and answers 504.
 */
class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private expired = false;

  constructor(timeoutMs: number) {
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort();
    }, timeoutMs);
  }

  /** Runs `work`; a failure after expiry, or an abort, becomes the 504. */
  async run<T>(work: (signal: AbortSignal) => Promise<T>, stream?: IncomingMessage): Promise<T> {
    const onAbort = () => stream?.destroy();
    this.controller.signal.addEventListener('abort', onAbort);
    try {
      return await work(this.controller.signal);
    } catch (error) {
      if (this.expired) throw new HttpError(504, TIMEOUT_MESSAGE);
      if (isHttpError(error)) throw error;
      // DNS failures, refused connections and resets: the upstream did not give an image.
      throw new HttpError(502, UPSTREAM_INVALID_MESSAGE);
    } finally {
      this.controller.signal.removeEventListener('abort', onAbort);
    }
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
