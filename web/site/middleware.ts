import { NextResponse, type NextRequest } from 'stratus/server';
import { MEMBER_COOKIE } from './lib/members';

/** The members' pages are for visitors who signed in (pages/sign-in.tsx sets the cookie). */
export function middleware(request: NextRequest) {
  if (request.cookies.get(MEMBER_COOKIE)?.value) return NextResponse.next();
  const signIn = request.nextUrl.clone();
  signIn.pathname = '/sign-in';
  signIn.search = `?next=${encodeURIComponent(request.nextUrl.pathname)}`;
  return NextResponse.redirect(signIn);
}

export const config = { matcher: '/members/:path*' };
