import { rowsFor } from '../lib/content';

// A resource route (no component): React Router's way to answer JSON, as the API row needs.
export function loader({ params }) {
  const id = String(params.id);
  return Response.json({ id, rows: rowsFor(id) });
}
