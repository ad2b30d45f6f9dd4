/** next/dynamic: server-rendered chunks, ssr: false with loading, named exports, on load and after a soft navigation. */
import type { CompatApp } from './types';
import { get } from './helpers';

export const dynamic: CompatApp = {
  name: 'dynamic',
  checks: [
    get('/'),
    get('/second'),
    {
      kind: 'browser',
      name: 'after hydration every component is there',
      steps: [
        { goto: '/' },
        { text: 'Rendered in the browser, window side', in: '#browser-only' },
        { text: 'A named export', in: '#named' },
        { click: 'Second' },
        { text: 'Hello, second page', in: 'main' },
        { click: 'css:main button' },
        { text: 'Chart drawn', in: '#chart' },
        { softly: true },
      ],
    },
    {
      kind: 'browser',
      name: 'a soft navigation to a page of dynamic components',
      steps: [
        { goto: '/second' },
        { click: 'Home' },
        { text: 'Hello, reader', in: '#hello' },
        { text: 'Rendered in the browser, window side', in: '#browser-only' },
        { text: 'A named export', in: '#named' },
        { softly: true },
      ],
    },
  ],
};
