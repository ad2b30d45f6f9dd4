// A page without data function: router.isReady is false in its HTML and true once hydrated;
// Router.ready at the module's top level runs in the browser only. The HTML's value is kept
// as rendered (Next's client hydrates this page with isReady true, a mismatch it would log);
// the value after hydration is read in an effect.
import { useEffect, useState } from 'react';
import Router, { useRouter } from 'next/router';

Router.ready(() => {
  window.readyCalls = (window.readyCalls ?? 0) + 1;
});

export default function Ready() {
  const router = useRouter();
  const [hydrated, setHydrated] = useState('not yet');
  useEffect(() => setHydrated(String(router.isReady)), [router.isReady]);
  return (
    <>
      <p id="rendered" suppressHydrationWarning>rendered isReady {String(router.isReady)}</p>
      <p id="ready">isReady {hydrated}</p>
    </>
  );
}
