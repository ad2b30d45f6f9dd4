/**
 * `stratus/config`: the types of `stratus.config.ts`.
 *
 * @example
 * import type { StratusConfig } from 'stratus/config';
 * export default { locales: ['en', 'fr'], defaultLocale: 'en' } satisfies StratusConfig;
 */
export type { ImageConfig, RemotePattern, StratusConfig } from '../../contract/config';
