import type { ApiRequest, ApiResponse } from 'stratus/types';
import { MEMBER_COOKIE, safeNext, validName } from '../../lib/members';

/**
 * The sign-in form posts here (no script needed): a name sets the member cookie and sends
 * the visitor on with 303; `signOut` clears it.
 */
export default function session(req: ApiRequest, res: ApiResponse<{ error: string }>) {
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return res.status(405).json({ error: 'Send the form with POST.' });
  }
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (body.signOut !== undefined) {
    res.setHeader('set-cookie', `${MEMBER_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    return res.redirect(303, '/');
  }
  const name = validName(body.name);
  if (!name) return res.redirect(303, `/sign-in?error=name&next=${encodeURIComponent(safeNext(body.next))}`);
  res.setHeader('set-cookie', `${MEMBER_COOKIE}=${encodeURIComponent(name)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400`);
  return res.redirect(303, safeNext(body.next));
}
