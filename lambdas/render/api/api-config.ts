/**
 * An API route's `export const config`, read once per cold start (and at build time, so a
 * wrong value fails the build naming the file): how its body is parsed, and whether it
 * answers through a library of its own.
 */
import { StratusError } from '../../../contract/errors';
import type { ApiModule } from '../../../web/runtime/shared/page-types';
import { isEdgeRoute } from './edge-route';
import { DEFAULT_BODY_PARSING, parseSizeLimit, type BodyParsing } from './request-body';

export interface ApiRouteConfig {
  bodyParser: BodyParsing;
  /** `externalResolver: true`: returning before answering is expected, not warned about. */
  externalResolver: boolean;
  /** `config.runtime: 'edge'`: called as an edge API route (edge-route.ts). */
  edge: boolean;
}

/** A route file whose exports cannot serve: names the file and says what to change. */
export class ApiConfigError extends StratusError {
  constructor(message: string, file: string) {
    super('API_CONFIG_INVALID', message, { file });
    this.name = 'ApiConfigError';
  }
}

function readBodyParser(file: string, value: unknown): BodyParsing {
  if (value === undefined || value === true) return DEFAULT_BODY_PARSING;
  if (value === false) return false;
  if (value && typeof value === 'object') {
    const { sizeLimit } = value as { sizeLimit?: unknown };
    if (sizeLimit === undefined) return DEFAULT_BODY_PARSING;
    try {
      const bytes = parseSizeLimit(sizeLimit as number | string);
      return { sizeLimit: bytes, label: String(sizeLimit) };
    } catch (error) {
      throw new ApiConfigError(`${file}: config.api.bodyParser.${(error as Error).message}`, file);
    }
  }
  throw new ApiConfigError(`${file}: config.api.bodyParser is ${JSON.stringify(value)}; use false, true or { sizeLimit }.`, file);
}

/**
 * Checks an API route module and reads its config. Throws ApiConfigError naming the file.
 *
 * @example
 * readApiConfig('pages/api/upload.ts', { default: handler, config: { api: { bodyParser: { sizeLimit: '4mb' } } } });
 * // { bodyParser: { sizeLimit: 4194304, label: '4mb' }, externalResolver: false, edge: false }
 */
export function readApiConfig(file: string, module: ApiModule | undefined): ApiRouteConfig {
  if (!module || typeof module.default !== 'function') {
    throw new ApiConfigError(`${file}: an API route exports its handler as default: export default function handler(req, res) { … }`, file);
  }
  const api = module.config?.api;
  return { bodyParser: readBodyParser(file, api?.bodyParser), externalResolver: api?.externalResolver === true, edge: isEdgeRoute(module) };
}
