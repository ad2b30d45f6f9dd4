/**
 * What explains a difference on code written by others: the deliberate differences of
 * docs/NEXT-COMPAT.md that hold for any app (the compat apps' rules, without their app
 * names), and the differences found on outside code so far, each with its cause in
 * Stratus's code (file and function), for the owners to fix or to declare deliberate.
 */
import { KNOWN_DIFFERENCES, type KnownDifference } from '../differences';

/** Deliberate differences whose rule is about any app, not one compat app's page. */
const GENERIC = new Set([
  'static-cache-control',
  'revalidate-cache-control',
  'trailing-slash-redirect-cached',
  'public-file-cache',
  'api-uncached',
  'api-content-type',
  'custom-404-cached',
  'config-redirect-cached',
  'per-visitor-private',
  'locale-redirect-uncached',
]);

const deliberate: KnownDifference[] = [
  ...KNOWN_DIFFERENCES.filter((k) => GENERIC.has(k.id)).map((k) => ({ ...k, apps: undefined })),
  {
    id: 'dynamic-page-without-data-on-request',
    kind: 'deliberate',
    why: 'a dynamic page without data function is rendered on request with its params (and cached like a static page); Next prerenders it once with an empty query',
    check: / \(dynamic, no data function\)$/,
    field: /^(text|cache-control|title)$/,
  },
  {
    id: 'default-locale-prefix-redirect',
    kind: 'deliberate',
    why: 'one cacheable URL per page and locale: the default locale spelled out is a 308 to the path without it',
    check: / \(default locale\)$/,
    field: /.*/,
  },
];

/** Differences seen on outside code, with their causes (kept in step with docs/NEXT-COMPAT.md, "Measured on others' code"). */
export const OUTSIDE_DIFFERENCES: KnownDifference[] = [];

export const OUTSIDE_KNOWN: KnownDifference[] = [...deliberate, ...OUTSIDE_DIFFERENCES];
