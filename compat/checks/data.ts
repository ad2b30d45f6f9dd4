/** Data functions: getStaticProps (revalidate, notFound, redirect), getStaticPaths fallbacks, getServerSideProps. */
import type { CompatApp } from './types';
import { get } from './helpers';

export const data: CompatApp = {
  name: 'data',
  checks: [
    get('/'),
    get('/isr'),
    get('/gone'),
    get('/fb-false/a'),
    get('/fb-false/c'),
    get('/fb-true/a'),
    get('/fb-true/new'),
    get('/fb-blocking/a'),
    get('/fb-blocking/new'),
    get('/fb-blocking/missing'),
    get('/fb-blocking/old'),
    get('/ssr/1?sort=asc&tag=a&tag=b'),
    get('/ssr/gone'),
    get('/ssr/old'),
    get('/ssr/moved'),
    get('/ssr/away'),
    {
      kind: 'browser',
      name: 'fallback: true shows the shell, then the page',
      steps: [{ goto: '/fb-true/other' }, { text: 'True other', in: 'h1' }, { title: '' }],
    },
    {
      kind: 'browser',
      name: 'soft navigations through every data kind',
      steps: [
        { goto: '/' },
        { click: 'False a' },
        { text: 'False a', in: 'h1' },
        { click: 'True new' },
        { text: 'True new', in: 'h1' },
        { click: 'Blocking new' },
        { text: 'Blocking new', in: 'h1' },
        { click: 'SSR 2' },
        { text: 'query {"sort":"asc","id":"2"}', in: 'main' },
        { url: '/ssr/2?sort=asc' },
        { click: 'ISR' },
        { text: 'ISR page: revalidates every minute', in: 'h1' },
        { softly: true },
      ],
    },
    {
      kind: 'browser',
      name: 'redirects reached by links',
      steps: [
        { goto: '/' },
        { click: 'SSR old' },
        { url: '/ssr/1' },
        { text: 'SSR 1', in: 'h1' },
        { click: 'Blocking old' },
        { url: '/fb-blocking/a' },
        { text: 'Blocking a', in: 'h1' },
        { softly: true },
      ],
    },
    {
      kind: 'browser',
      name: 'notFound from getServerSideProps reached by a link',
      steps: [{ goto: '/' }, { click: 'SSR gone' }, { text: 'This page could not be found' }, { url: '/ssr/gone' }, { title: '404: This page could not be found' }],
    },
    {
      kind: 'browser',
      name: 'notFound from getStaticProps reached by a link',
      steps: [{ goto: '/' }, { click: 'Gone' }, { text: 'This page could not be found' }, { url: '/gone' }, { title: '404: This page could not be found' }],
    },
  ],
};
