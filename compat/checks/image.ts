/** next/image: the markup of each form, and the optimiser's answers. */
import type { CompatApp } from './types';
import { get } from './helpers';

const WEBP = { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' };

export const image: CompatApp = {
  name: 'image',
  checks: [
    get('/', {
      read: ['img@id,alt,src,srcset,sizes,width,height,loading,decoding,fetchpriority,style', 'head link[rel=preload]@as,href,imagesrcset,imagesizes,fetchpriority'],
    }),
    get('{image}?url=%2Fsky.png&w=640&q=75', { name: 'optimiser: /sky.png at 640, WebP accepted', headers: WEBP }),
    get('{image}?url=%2Fsky.png&w=256&q=75', { name: 'optimiser: /sky.png at 256, no Accept' }),
    get('{image}?url=%2Fsky.png&w=100&q=75', { name: 'optimiser: a width not configured', headers: WEBP }),
    get('{image}?url=%2Fsky.png&w=640', { name: 'optimiser: no quality', headers: WEBP }),
    get('{image}?url=%2Fnope.png&w=640&q=75', { name: 'optimiser: missing file', headers: WEBP }),
    get('{image}?url=https%3A%2F%2Fexample.com%2Fa.png&w=640&q=75', { name: 'optimiser: remote host not allowed', headers: WEBP }),
    get('/sky.png', { name: 'GET /sky.png (public file)' }),
    {
      kind: 'browser',
      name: 'images load in the page',
      steps: [
        { goto: '/' },
        { eval: 'Array.from(document.images).every((i) => i.complete)', until: 'true' },
        // Whether each image loaded, not which srcset candidate: a browser may take a larger
        // candidate it already holds (the priority image preloads one), so the pick varies run to run.
        { eval: "Array.from(document.images).map((i) => i.id + ' ' + (i.naturalWidth > 0))" },
        { eval: "Array.from(document.images).map((i) => i.id + ' ' + Math.round(i.getBoundingClientRect().width) + 'x' + Math.round(i.getBoundingClientRect().height))" },
      ],
    },
  ],
};
