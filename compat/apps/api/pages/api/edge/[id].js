// An edge API route: called with a NextRequest, answered by the Response it returns.
import { NextResponse } from 'next/server';

export const config = { runtime: 'edge' };

export default async function handler(req) {
  const body = req.method === 'POST' ? await req.text() : null;
  return NextResponse.json(
    {
      method: req.method,
      id: req.nextUrl.searchParams.get('id'),
      q: req.nextUrl.searchParams.get('q'),
      pathname: req.nextUrl.pathname,
      asked: req.headers.get('x-asked'),
      cookie: req.cookies.get('flavour')?.value ?? null,
      body,
      headersIterate: typeof req.headers.entries === 'function',
    },
    { status: req.method === 'POST' ? 201 : 200, headers: { 'x-from-edge': '1' } },
  );
}
