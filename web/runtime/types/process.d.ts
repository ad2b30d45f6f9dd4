/**
 * What the build defines on `process` for apps and libraries to test (cli/builder/compile-constants.ts):
 * `process.browser`, true in the browser bundle and false on the server, as Next's global types
 * declare it.
 *
 * @example
 * if (!process.browser) { const fs = await import('node:fs'); }
 */
declare namespace NodeJS {
  interface Process {
    readonly browser: boolean;
  }
}
