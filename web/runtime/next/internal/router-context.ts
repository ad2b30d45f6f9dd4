/**
 * `next/dist/shared/lib/router-context.shared-runtime` (and its older names): the context
 * `useRouter()` and Link read, so a test setup or Storybook decorator that provides a
 * router through it gives its router to Stratus's components too.
 */
export { RouterContext } from '../../shared/router-context';
