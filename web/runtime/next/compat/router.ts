/**
 * `next/compat/router`: the pages router's `useRouter` for components shared with the App
 * Router (nuqs's adapter, libraries for both): the page's router, or null where none is
 * mounted, never a throw.
 */
import { useContext } from 'react';
import { RouterContext, type StratusRouter } from '../../shared/router-context';

export function useRouter(): StratusRouter | null {
  return useContext(RouterContext);
}
