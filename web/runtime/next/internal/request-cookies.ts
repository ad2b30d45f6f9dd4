/**
 * `next/dist/compiled/@edge-runtime/cookies` and `next/dist/server/web/spec-extension/cookies`:
 * the cookie classes middleware and its libraries import by these names (the same package
 * Next compiles in).
 */
export { RequestCookies, ResponseCookies } from '@edge-runtime/cookies';
