export default function handler(req, res) {
  res.redirect('/api/hello?from=redirect');
}
