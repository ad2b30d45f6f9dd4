import { NextResponse } from 'next/server';

// The global URLPattern of Next's middleware runtime.
const ITEM = new URLPattern({ pathname: '/pattern/:id' });

export function middleware(request) {
  const { pathname } = request.nextUrl;
  const item = ITEM.exec({ pathname });
  if (item) return NextResponse.json({ id: item.pathname.groups.id });
  if (pathname.startsWith('/members')) {
    const session = request.cookies.get('session');
    if (!session) {
      const url = request.nextUrl.clone();
      url.pathname = '/login';
      url.searchParams.set('from', pathname);
      return NextResponse.redirect(url);
    }
    const response = NextResponse.next();
    response.headers.set('x-member', session.value);
    return response;
  }
  if (pathname === '/promo') {
    return NextResponse.rewrite(new URL('/landing', request.url));
  }
  if (pathname === '/status') {
    return NextResponse.json({ ok: true, path: pathname }, { status: 200, headers: { 'x-status': 'from-middleware' } });
  }
  const response = NextResponse.next();
  response.headers.set('x-middleware', 'seen');
  return response;
}

export const config = {
  matcher: ['/', '/members/:path*', '/promo', '/status', '/about', '/pattern/:id'],
};
