/** Observes one request check: status, the headers that matter, and for HTML its title and visible text. */
import type { Observation, RequestCheck } from '../checks/types';
import type { HtmlReader } from './html-reader';
import { request } from './http';
import { collapse, normalise } from './normalise';
import { pathOn, type Target } from './target';

/** Headers compared on every answer (absent ones read `-`). */
const HEADERS = ['location', 'content-type', 'cache-control', 'allow'] as const;

export async function observeRequest(check: RequestCheck, target: Target, reader: HtmlReader): Promise<Observation> {
  const observation: Observation = {};
  let answer;
  try {
    answer = await request(target.baseUrl + pathOn(target, check.path), { method: check.method, headers: check.headers, body: check.body });
  } catch (error) {
    return { error: (error as Error).message };
  }
  observation.status = String(answer.status);
  for (const name of HEADERS) observation[name] = headerText(answer.headers[name]);
  // A charset's name is case-insensitive (`UTF-8` and `utf-8` are one charset): written one way.
  observation['content-type'] = observation['content-type']!.replace(/charset=([^;]+)/i, (_, name: string) => `charset=${name.toLowerCase()}`);
  const specs = check.read ?? [];
  for (const spec of specs.filter((s) => s.startsWith('header:'))) observation[spec] = headerText(answer.headers[spec.slice('header:'.length)]);
  if (specs.includes('body')) observation.body = answer.body.toString('utf8') || '-';
  const htmlSpecs = specs.filter((s) => s !== 'body' && !s.startsWith('header:'));
  if (/^text\/html/.test(observation['content-type'] ?? '') && answer.body.length > 0) {
    const reading = await reader.read(answer.body.toString('utf8'), htmlSpecs);
    observation.title = collapse(reading.title) || '-';
    observation.text = collapse(reading.text) || '-';
    Object.assign(observation, reading.reads);
  } else {
    for (const spec of htmlSpecs) observation[spec] = '(not HTML)';
  }
  for (const field of check.ignore ?? []) delete observation[field];
  for (const [field, value] of Object.entries(observation)) observation[field] = normalise(value, target);
  return observation;
}

/** Header value in one spelling: lower case for types, no spaces after commas or semicolons. */
function headerText(value: string | string[] | undefined): string {
  if (value === undefined) return '-';
  const text = Array.isArray(value) ? value.join(', ') : value;
  return text.replace(/\s*([;,])\s*/g, '$1 ').replace(/[;,] $/, '').trim();
}
