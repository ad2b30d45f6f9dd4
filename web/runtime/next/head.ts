/** `next/head`: Stratus's Head. */
export { default } from '../head';
