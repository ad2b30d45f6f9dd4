import Head from 'stratus/head';
import type { GetStaticProps } from 'stratus/types';

interface Props {
  /** When this page was last rendered: on each feedback sent, through res.revalidate in pages/api/feedback.ts. */
  renderedAt: string;
}

/**
 * A static page that never goes stale on a timer (`revalidate` unset), rendered again only
 * when the feedback form is sent: the API route calls `res.revalidate('/feedback-received')`,
 * which renders it now, stores it for every instance and removes it from CloudFront's cache.
 */
export const getStaticProps: GetStaticProps<Props> = () => ({ props: { renderedAt: new Date().toISOString() } });

export default function FeedbackReceived({ renderedAt }: Props) {
  return (
    <>
      <Head><title>Feedback received</title></Head>
      <h1>Feedback received</h1>
      <p>
        Last feedback arrived by <time id="last-feedback" dateTime={renderedAt}>{renderedAt}</time>: this static page is rendered again
        each time the form is sent, on demand, and is otherwise served from the cache.
      </p>
    </>
  );
}
