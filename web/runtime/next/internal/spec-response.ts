/** `next/dist/server/web/spec-extension/response`: `NextResponse` by the name some middleware libraries import. */
export { NextResponse } from '../../server';
