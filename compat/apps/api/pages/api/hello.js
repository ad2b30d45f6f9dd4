export default function handler(req, res) {
  res.status(200).json({ hello: 'world', method: req.method, query: req.query });
}
