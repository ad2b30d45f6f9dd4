export const config = { api: { bodyParser: false } };

// Reads the raw bytes, as a webhook checking a signature does.
export default async function handler(req, res) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  res.status(200).send(`${bytes.length} bytes, first ${bytes[0]}, body ${req.body === undefined ? 'undefined' : typeof req.body}`);
}
