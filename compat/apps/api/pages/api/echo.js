// Echoes the parsed body, as Next's body parser gives it.
export default function handler(req, res) {
  res.json({ type: req.headers['content-type'] ?? null, body: req.body, bodyType: typeof req.body });
}
