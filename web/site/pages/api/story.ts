import type { ApiRequest, ApiResponse } from 'stratus/types';
import { paceOf, tellStory } from '../../lib/story';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The story, streamed a word at a time as the generator makes it: plain text (what the
 * story page's script reads), server-sent events (`?format=sse`, for an EventSource), or an
 * HTML page the browser shows as it arrives (`?format=html`: the story without JavaScript).
 * `?lang=fr` tells it in French; `?pace=` sets the milliseconds between words.
 */
export default async function story(req: ApiRequest, res: ApiResponse) {
  const locale = req.query.lang === 'fr' ? 'fr' : 'en';
  const words = tellStory(locale, paceOf(req.query.pace), req.signal);
  if (req.query.format === 'sse') {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform' });
    res.flushHeaders();
    for await (const word of words) res.write(`data: ${word}\n\n`);
    res.end('event: done\ndata: end\n\n');
    return;
  }
  if (req.query.format === 'html') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write(`<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>A walk</title></head><body><main><h1>A walk</h1><p id="story">`);
    for await (const word of words) res.write(escapeHtml(word));
    res.end('</p><p id="story-end"><a href="/story">Back</a></p></main></body></html>');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  res.flushHeaders();
  for await (const word of words) res.write(word);
  res.end();
}
