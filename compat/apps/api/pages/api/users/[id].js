export default async function handler(req, res) {
  const id = String(req.query.id);
  if (req.method === 'DELETE') return res.status(204).end();
  if (req.method !== 'GET' && req.method !== 'PATCH') return res.status(405).setHeader('Allow', 'GET, PATCH, DELETE').end();
  if (id === '0') return res.status(404).json({ error: 'no such user' });
  res.setHeader('Set-Cookie', [`last-user=${id}; Path=/; HttpOnly`, 'seen=1; Path=/']);
  res.json({ id, ...(req.method === 'PATCH' ? req.body : { name: 'Grace' }) });
}
