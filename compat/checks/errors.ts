/** Error pages: custom 404 and 500, _error, next/error, a render exception in the browser. */
import type { CompatApp } from './types';
import { get } from './helpers';

export const errors: CompatApp = {
  name: 'errors',
  checks: [
    get('/nowhere'),
    get('/boom'),
    get('/teapot'),
    get('/missing-thing'),
    get('/404'),
    get('/500'),
    get('/_error'),
    get('/%E0%A4%A'),
    {
      kind: 'browser',
      name: 'custom 404 by a link, then back',
      steps: [{ goto: '/' }, { click: 'Nowhere' }, { text: 'Custom 404: nothing here', in: 'h1' }, { title: 'Lost' }, { url: '/nowhere' }, { back: true }, { url: '/' }, { text: 'Errors home', in: 'h1' }],
    },
    {
      kind: 'browser',
      name: 'the 404 page keeps the query of the visited URL',
      steps: [{ goto: '/nowhere?x=1&y=2' }, { text: '/nowhere?x=1&y=2', in: '#seen' }],
    },
    {
      kind: 'browser',
      name: 'custom 500 by a link',
      steps: [{ goto: '/' }, { click: 'Boom' }, { text: 'Custom 500: something broke', in: 'h1' }, { title: 'Broken' }, { url: '/boom' }],
    },
    {
      kind: 'browser',
      name: 'next/error pages by links',
      steps: [{ goto: '/' }, { click: 'Teapot' }, { title: "418: An unexpected error has occurred" }, { click: 'Home' }, { click: 'Missing thing' }, { title: '404: This page could not be found' }, { softly: true }],
    },
    {
      kind: 'browser',
      name: 'a render exception in the browser',
      steps: [{ goto: '/crash' }, { click: 'css:button' }, { text: 'Custom error: on the client' }, { title: '' }],
    },
  ],
};
