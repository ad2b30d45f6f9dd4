/**
 * Whether an app's code sees its locales: in data functions' contexts, getInitialProps' and
 * `_document`'s, the embedded page data and `<html lang>`. Only when the app configures them
 * (`i18n`): without, Stratus still keys and routes its pages under its default locale
 * (`['en']`, contract/config-schema.ts), but the pages router gives pages no locale (`locale`
 * and `defaultLocale` undefined, `locales` `[]` in getServerSideProps and getStaticProps,
 * undefined elsewhere) and writes no `lang`.
 */
import type { ResolvedConfig } from '../../../contract/config';

/** The config's locale keys, as the render stages read them. */
export type LocaleConfig = Pick<ResolvedConfig, 'locales' | 'defaultLocale' | 'i18n'>;

/** True when the app configures locales (more than one implies it). */
export function showsLocales(config: LocaleConfig): boolean {
  return config.i18n === true || config.locales.length > 1;
}
