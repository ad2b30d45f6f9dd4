export default function handler(req, res) {
  res.status(200).json({ hello: 'from the API route' });
}
