export default function handler(req, res) {
  res.setHeader('Cache-Control', 'public, max-age=60');
  res.send('plain words');
}
