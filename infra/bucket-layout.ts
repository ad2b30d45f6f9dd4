/**
 * The site bucket's own prefixes, beside the build's files at their URL paths (kept free of
 * aws-cdk-lib: the deploy scripts read them too).
 */

/** Key prefix of the copy that outlives a deploy. */
export const ARCHIVE_PREFIX = '_archive/';

/**
 * Key prefix of what is private to the site: what it writes at run time and the build's page
 * objects for the render function. CloudFront never serves it, the image function never reads
 * it, and no deploy prunes it.
 */
export const PRIVATE_PREFIX = '_data/';

/** Where the render function may store submissions (`STRATUS_STORE_PREFIX`). */
export const STORE_PREFIX = `${PRIVATE_PREFIX}submissions/`;

/** Where the render function keeps the pages it regenerated (`STRATUS_PAGES_PREFIX`), per build. */
export const PAGES_PREFIX = `${PRIVATE_PREFIX}pages/`;

/** Where the deploy puts the build's page objects (`STRATUS_PRERENDERED_PREFIX`), per build. */
export const PRERENDERED_PREFIX = `${PRIVATE_PREFIX}prerendered/`;
