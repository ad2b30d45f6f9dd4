/** `next/script`: Stratus's Script. */
export { default } from '../script';
export type { ScriptProps } from '../script';
