import { rowsFor } from '../../../lib/content';

/** The JSON API row: the same 50 rows as /ssr/[id], as JSON (same handler as the Stratus app's). */
export default function items(req, res) {
  const id = String(req.query.id);
  res.status(200).json({ id, rows: rowsFor(id) });
}
