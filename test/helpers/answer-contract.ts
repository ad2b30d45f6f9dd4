/**
 * What every answer to a malformed or hostile request must look like, from the contracts
 * (../shared/design/ARCHITECTURE.md, "Error pages" and "Image path"): never a 5xx but from
 * the app's own code, never a stack trace or a file path in a body, the documented titles
 * and image messages, and every `Location` on the site's own origin.
 */
import { errorTitle } from '../../web/runtime/shared/errors';
import { header, type RawRequest, type RawResponse } from './raw-http';

/** The origin redirects are resolved against. */
export const SITE_ORIGIN = 'https://site.example';

/** A V8 stack frame, or a path on the machine. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /^\s*at .+(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/m],
  ['file path', /(?:^|[\s"'(=])\/(?:tmp|home|root|work|Users|var|opt|usr)\/[\w.-]/],
  ['file path', /node_modules[\\/]|[\w-]+\.(?:tsx?|[cm]?js):\d+/],
  ['error name', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|URIError|ManifestError)\b/],
];

/** The image path's 4xx texts: a reason naming `url`, `w` or `q`, or what the source said. */
/** The local server's answer to a foreign `Host`, as CloudFront refuses names that are not the distribution's. */
const FOREIGN_HOST_REFUSAL = /^Blocked request: this server answers for localhost/;

const IMAGE_MESSAGES = [
  /^"(url|w|q)" parameter /,
  /^The requested resource isn't a valid image\.$/,
  /^The requested resource was not found\.$/,
  /^The requested resource is too large: /,
  /^Method Not Allowed$/,
];

/**
 * True when `location` resolves, as a browser resolves it, to `SITE_ORIGIN`.
 *
 * @example
 * staysOnSite('/\\evil.example'); // false: browsers read it as https://evil.example/
 */
export function staysOnSite(location: string): boolean {
  try {
    return new URL(location, `${SITE_ORIGIN}/some/page`).origin === SITE_ORIGIN;
  } catch {
    return false;
  }
}

export interface AnswerRules {
  /** Redirect targets the app's own code names (a page's `redirect.destination`). */
  appRedirects?: readonly string[];
  /** Paths whose page code throws on purpose: their 500 is the app's, not ours. */
  appErrorPaths?: RegExp;
  /**
   * Pages that answer a status of their own with their own content (a form answering 422
   * with its fields and their errors): not an error page, so not held to its title.
   */
  appStatuses?: ReadonlyArray<{ path: RegExp; status: number }>;
  /**
   * The app's own error pages (`manifest.errorScripts`' keys): `/404` and `/500` answer
   * their status, `/_error` every other (as in the pages router), with the app's titles.
   */
  appErrorPages?: readonly string[];
}

/** Whether the app's own error page, not Stratus's, answers `status`. */
function appErrorPageAnswers(status: number, pages: readonly string[] = []): boolean {
  if (status === 404 && pages.includes('/404')) return true;
  if (status === 500 && pages.includes('/500')) return true;
  return pages.includes('/_error');
}

/** Tested as sent and as decoded: a generated target may percent-encode plain letters. */
function pathMatches(pattern: RegExp | undefined, path: string): boolean {
  if (!pattern) return false;
  if (pattern.test(path)) return true;
  try {
    return pattern.test(decodeURIComponent(path));
  } catch {
    return false; // not decodable: the site answers it 400 before any page runs
  }
}

/**
 * The ways `response` breaks the contracts for `request`; empty when it keeps them.
 *
 * @example
 * expect(answerProblems(request, await sendRaw(port, request))).toEqual([]);
 */
export function answerProblems(request: RawRequest, response: RawResponse, rules: AnswerRules = {}): string[] {
  const problems: string[] = [];
  const path = request.target.split('?')[0]!;
  const status = response.status;
  if (!(status >= 100 && status < 600)) problems.push(`no status line (${status})`);
  if (status >= 500 && !pathMatches(rules.appErrorPaths, path)) problems.push(`answered ${status}`);

  const location = header(response, 'location');
  if (location !== undefined && !staysOnSite(location) && !rules.appRedirects?.includes(location)) {
    problems.push(`Location ${JSON.stringify(location)} leaves the site`);
  }

  const type = header(response, 'content-type') ?? '';
  if (!type.startsWith('image/')) {
    const text = response.body.toString('utf8');
    for (const [what, pattern] of LEAKS) if (pattern.test(text)) problems.push(`body shows a ${what}: ${JSON.stringify(text.match(pattern)![0])}`);
    const pagesOwn = (rules.appStatuses?.some((own) => own.status === status && pathMatches(own.path, path)) ?? false) || appErrorPageAnswers(status, rules.appErrorPages);
    if (status >= 400 && !pagesOwn && type.startsWith('text/html') && request.method !== 'HEAD') {
      const title = text.match(/<title>([^<]*)<\/title>/)?.[1];
      if (title !== errorTitle(status)) problems.push(`${status} page titled ${JSON.stringify(title)}, not ${JSON.stringify(errorTitle(status))}`);
    }
    // The local server's own refusal of a Host that is none of its names (cli/serve/request-line.ts) comes before any function.
    const hostRefused = status === 403 && FOREIGN_HOST_REFUSAL.test(text);
    if (status >= 400 && status < 500 && path === '/_app/image' && request.method === 'GET' && !type.startsWith('text/html') && !hostRefused) {
      const oneLine = !text.includes('\n');
      if (!type.startsWith('text/plain') || !oneLine || !IMAGE_MESSAGES.some((m) => m.test(text))) {
        problems.push(`image ${status} is not a one-line documented reason: ${type} ${JSON.stringify(text.slice(0, 120))}`);
      }
    }
  }
  // Pages and the framework's paths take GET and HEAD; an API route's handler names its own methods.
  const allow = header(response, 'allow');
  if (status === 405 && (path === '/api' || path.startsWith('/api/') ? !allow : allow !== 'GET, HEAD')) problems.push(`405 without Allow${path.startsWith('/api') ? '' : ': GET, HEAD'}`);
  return problems;
}
