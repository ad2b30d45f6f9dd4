/** `next/dist/server/web/spec-extension/request`: `NextRequest` by the name some middleware libraries import. */
export { NextRequest } from '../../server';
