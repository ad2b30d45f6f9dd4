/**
 * `stratus/head` (and `next/head`): `<Head>`, title, meta and link tags per page.
 *
 * @example
 * <Head><title>About us</title><meta name="description" content="Who we are" /></Head>
 */
export { default, HeadManagerContext, type HeadManager } from './shared/head';
