/**
 * path-to-regexp, the syntax of rule sources and destinations, loaded the first time a rule
 * is compiled or filled: a site without routing rules never needs it, and in the bundle
 * every cold start would read it (cli/builder/lazy-packages.ts writes it beside the bundle).
 */
import type * as PathToRegexp from 'path-to-regexp';
import { onFirstUse } from '../../shared/on-first-use';

export const pathPatterns = onFirstUse(() => require('path-to-regexp') as typeof PathToRegexp);
