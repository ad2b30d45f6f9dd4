/**
 * Draft mode: a visitor holding a valid draft cookie sees static pages rendered for them
 * alone, `getStaticProps` called with `draftMode: true`, past every cache (their answers are
 * `no-store`, never written to the page store; the cookie is in the edge's page cache key,
 * so CloudFront never answers them from its copy). `res.setDraftMode({ enable })` in an API
 * route sets or clears the cookie. The cookie is signed (HMAC-SHA256) with a secret read
 * once per instance when first needed (ports/from-environment.ts says which).
 */
import { DRAFT_COOKIE, PREVIEW_DATA_COOKIE } from '../../../contract/urls';
import { parseCookies } from '../../shared/cookies';
import { DependencyError, isDependencyError, reportDependencyFailure } from '../../shared/dependency-failure';
import { nodeCrypto } from '../../shared/node-builtins';
import type { DraftSecret } from '../ports/ports';

export { DRAFT_COOKIE, PREVIEW_DATA_COOKIE };

/** What Preview Mode's data may take, as the pages router limits it: 2 KB as JSON. */
export const PREVIEW_DATA_LIMIT = 2048;

export interface DraftMode {
  /** Whether the `Cookie` header carries a draft cookie this site signed. */
  isDraft(cookieHeader: string | undefined): Promise<boolean>;
  /** The `Set-Cookie` value that turns draft mode on or off. */
  cookie(enable: boolean): Promise<string>;
  /** Preview Mode's data (`res.setPreviewData`) from a cookie this site signed; undefined when there is none or it is not ours. */
  previewData(cookieHeader: string | undefined): Promise<unknown>;
  /** The `Set-Cookie` value carrying Preview Mode's data, signed; `null` clears it. */
  previewCookie(data: unknown): Promise<string>;
}

// SameSite=None: a CMS shows the preview in a frame of its own site.
const ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=None';
const EXPIRED = 'Expires=Thu, 01 Jan 1970 00:00:00 GMT';

/** A signed cookie's value and signature (`value.signature`), when the header carries one: most requests carry none, and cost no parsing. */
function signedCookie(cookieHeader: string | undefined, name: string): { value: string; signature: string } | undefined {
  if (!cookieHeader || !cookieHeader.includes(name)) return undefined;
  const cookie = parseCookies(cookieHeader)[name];
  const dot = cookie?.lastIndexOf('.') ?? -1;
  return cookie && dot > 0 ? { value: cookie.slice(0, dot), signature: cookie.slice(dot + 1) } : undefined;
}

/** Whether `signature` is this site's for `message`, compared in constant time. */
function signedBy(secret: string, message: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, message));
  const given = Buffer.from(signature);
  return given.length === expected.length && nodeCrypto().timingSafeEqual(given, expected);
}

function sign(secret: string, nonce: string): string {
  return nodeCrypto().createHmac('sha256', secret).update(`stratus-draft.${nonce}`).digest('base64url');
}

/**
 * @example
 * const draft = createDraftMode(async () => 'a secret');
 * const setCookie = await draft.cookie(true); // "__stratus_draft=…; Path=/; HttpOnly; Secure; SameSite=None"
 * await draft.isDraft(setCookie.split(';')[0]); // true
 */
export function createDraftMode(secret: DraftSecret): DraftMode {
  let loaded: Promise<string> | undefined;
  const key = () => (loaded ??= secret().catch((error) => {
    loaded = undefined; // a failed read is tried again by the next request
    throw error;
  }));
  return {
    async isDraft(cookieHeader) {
      const part = signedCookie(cookieHeader, DRAFT_COOKIE);
      if (!part) return false;
      let secret: string;
      try {
        secret = await key();
      } catch (error) {
        // A secret that cannot be read: the visitor sees the published page (shared caches
        // never hold it: the draft cookie is in the edge's key), logged once a window.
        const failure = isDependencyError(error) ? error : new DependencyError('the draft-mode secret', error);
        reportDependencyFailure(failure, { dependency: failure.dependency, doing: 'check a draft-mode cookie', served: 'the published page' });
        return false;
      }
      return signedBy(secret, part.value, part.signature);
    },
    async cookie(enable) {
      if (!enable) return `${DRAFT_COOKIE}=; ${ATTRIBUTES}; ${EXPIRED}`;
      const nonce = nodeCrypto().randomBytes(16).toString('base64url');
      return `${DRAFT_COOKIE}=${nonce}.${sign(await key(), nonce)}; ${ATTRIBUTES}`;
    },
    async previewData(cookieHeader) {
      const part = signedCookie(cookieHeader, PREVIEW_DATA_COOKIE);
      if (!part) return undefined;
      let secret: string;
      try {
        secret = await key();
      } catch {
        return undefined; // isDraft has said why, for the same request
      }
      if (!signedBy(secret, `preview.${part.value}`, part.signature)) return undefined;
      try {
        return JSON.parse(Buffer.from(part.value, 'base64url').toString('utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
    async previewCookie(data) {
      if (data === null) return `${PREVIEW_DATA_COOKIE}=; ${ATTRIBUTES}; ${EXPIRED}`;
      const payload = Buffer.from(JSON.stringify(data), 'utf8').toString('base64url');
      return `${PREVIEW_DATA_COOKIE}=${payload}.${sign(await key(), `preview.${payload}`)}; ${ATTRIBUTES}`;
    },
  };
}
