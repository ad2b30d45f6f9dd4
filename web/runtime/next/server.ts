/** `next/server`: middleware's request and response, under the name pages-router apps import. */
export * from '../server';
