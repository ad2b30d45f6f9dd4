/** The members' area of the sample site: a name in a cookie, set by the sign-in form. */

export const MEMBER_COOKIE = 'member';

/** A display name: 1–40 characters, no control characters. */
export function validName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim();
  return name.length > 0 && name.length <= 40 && !/[\u0000-\u001f\u007f]/.test(name) ? name : undefined;
}

/** Where to go after signing in: a path of this site, never another origin. */
export function safeNext(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '/members';
}
