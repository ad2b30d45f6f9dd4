/** Observes one check on one framework's server. */
import type { Browser } from 'playwright-core';
import type { Check, Observation } from '../checks/types';
import { observeBrowser } from './browser-steps';
import type { HtmlReader } from './html-reader';
import { observeRequest } from './request';
import type { Target } from './target';

export interface Observers {
  browser: Browser;
  reader: HtmlReader;
}

/** `expected`: the answer a test expects, so that browser waits stop once they see it. */
export function observe(check: Check, target: Target, observers: Observers, expected?: Observation): Promise<Observation> {
  return check.kind === 'request' ? observeRequest(check, target, observers.reader) : observeBrowser(check, target, observers.browser, expected);
}
