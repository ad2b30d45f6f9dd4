/**
 * The catalogue of user-fixable errors (contract/errors.ts): each stable code with the title
 * the CLI prints above the message and, where one fits every case, the hint. A code is
 * never renamed or reused; add new ones at the end of their group.
 */
import { isStratusError } from './errors';

export interface ErrorKind {
  /** Printed above the message. */
  title: string;
  /** Printed below it when the error has no hint of its own. */
  hint?: string;
}

export const ERROR_CODES = {
  // The command line and the local servers.
  BUILD_FAILED: { title: 'Build failed' },
  INIT_FAILED: { title: 'Cannot create the app' },
  SERVER_START_FAILED: { title: 'Cannot start the server' },
  DEV_SERVER_START_FAILED: { title: 'Cannot start the dev server' },
  DEPLOY_FAILED: { title: 'Cannot deploy' },
  COMMAND_LINE_INVALID: { title: 'The command line is not valid' },
  // The app's config.
  CONFIG_INVALID: { title: 'The config is not valid', hint: 'Fix the option named in stratus.config.ts (or next.config.js); the README lists each option.' },
  ROUTING_RULE_INVALID: { title: 'A routing rule cannot work', hint: 'docs/ROUTING.md shows each rule’s shape.' },
  // The app's modules, checked as the render function starts (and so at build time).
  API_CONFIG_INVALID: { title: 'An API route cannot serve' },
  MIDDLEWARE_INVALID: { title: 'middleware.ts cannot run' },
  DATA_RESULT_INVALID: { title: 'A data function returned what a page cannot use' },
  INITIAL_PROPS_INVALID: { title: 'getInitialProps returned what a page cannot use' },
  REVALIDATE_PATH_INVALID: { title: 'Cannot revalidate that path' },
  // The build folder and the stack.
  MANIFEST_INVALID: { title: 'The build cannot be used', hint: 'Rebuild the app with this checkout (`npx stratus build <appDir>`).' },
  SETUP_INVALID: { title: 'The stack cannot be set up' },
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * An error as the entry points print it: its title, its message, and its hint (its own, or
 * its code's) when the message does not already end with it. Anything else: its stack.
 *
 * @example
 * process.stderr.write(`\n${formatError(error)}\n`); // "Build failed:\npages/a.tsx has no default export: …"
 */
export function formatError(error: unknown): string {
  if (!isStratusError(error)) return String((error as Error)?.stack ?? error);
  const kind: ErrorKind = ERROR_CODES[error.code] ?? { title: 'Error' };
  const hint = error.hint ?? kind.hint;
  return `${kind.title}:\n${error.message}${hint && !error.message.includes(hint) ? `\n${hint}` : ''}`;
}
