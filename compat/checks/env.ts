/** .env files with NEXT_PUBLIC_* and env from next.config.js: what the server, the build and the browser see. */
import type { CompatApp } from './types';
import { get } from './helpers';

export const env: CompatApp = {
  name: 'env',
  checks: [
    get('/'),
    get('/server'),
    {
      kind: 'browser',
      name: 'what the browser reads',
      steps: [{ goto: '/' }, { text: 'greeting', in: '#browser' }, { text: 'greeting', in: '#rendered' }],
    },
  ],
};
