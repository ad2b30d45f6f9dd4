import Head from 'stratus/head';
import Link from 'stratus/link';
import Router, { useRouter } from 'stratus/router';
import type { AppProps } from 'stratus/types';
import type { NextWebVitalsMetric } from 'stratus/web-vitals';
import { t } from '../lib/content';
import '../styles.css';

export default function App({ Component, pageProps }: AppProps) {
  const router = useRouter();
  const s = t(router.locale!); // the site configures locales
  const other = router.locale === 'en' ? 'fr' : 'en';
  return (
    <>
      <Head>
        <title>{s.home}</title>
        <meta name="description" content={s.tagline} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </Head>
      <header className="site">
        <Link href="/" className="brand">{s.home}</Link>
        <nav>
          <Link href="/posts/first-frost">{s.posts}</Link>
          <Link href="/docs/getting-started">{s.docs}</Link>
          <Link href="/shop">{s.shop}</Link>
          <Link href="/news">{s.news}</Link>
          <Link href="/gallery">{s.gallery}</Link>
          <Link href="/about">{s.about}</Link>
          <Link href="/feedback">{s.feedback}</Link>
          <Link href="/members">{s.members}</Link>
          <Link href="/story">{s.story}</Link>
          <Link href={router.asPath} locale={other} className="locale">{other.toUpperCase()}</Link>
        </nav>
      </header>
      <main>
        <Component {...pageProps} />
      </main>
    </>
  );
}

/**
 * Real visitors' web vitals (and the hydration and route-change timings) go to /api/vitals,
 * which writes them as CloudWatch metrics by route (the dashboard's web-vitals rows).
 * sendBeacon: the report leaves even as the page is closed, when LCP, CLS and INP are final.
 */
export function reportWebVitals(metric: NextWebVitalsMetric) {
  const body = JSON.stringify({ name: metric.name, value: metric.value, route: Router.pathname });
  if (!navigator.sendBeacon?.('/api/vitals', body)) void fetch('/api/vitals', { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } });
}
