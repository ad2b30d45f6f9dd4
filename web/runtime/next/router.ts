/** `next/router`: Stratus's router, under the name pages-router apps and their libraries import. */
export { default, useRouter, withRouter } from '../router';
export type { StratusRouter as NextRouter, Url, UrlObject, TransitionOptions } from '../router';
