import type { ApiRequest, ApiResponse } from 'stratus/types';
import { rowsFor } from '../../../lib/content';

/** The JSON API row: the same 50 rows as /ssr/[id], as JSON. */
export default function items(req: ApiRequest, res: ApiResponse) {
  const id = String(req.query.id);
  res.status(200).json({ id, rows: rowsFor(id) });
}
