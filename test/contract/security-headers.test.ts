import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SECURITY_HEADERS, withSecurityHeaders } from '../../contract/security-headers';

const byName = (name: string) => SECURITY_HEADERS.find((h) => h.name === name)!;

describe('security headers, applied the way CloudFront applies its response headers policy', () => {
  test('added to a response that has none', () => {
    const headers = withSecurityHeaders({ 'content-type': 'text/html' });
    for (const header of SECURITY_HEADERS) expect(headers[header.name]).toBe(header.value);
    expect(headers['content-type']).toBe('text/html');
  });

  test("override: true replaces the origin's value, override: false keeps it (names compared without case)", () => {
    const overriding = SECURITY_HEADERS.find((h) => h.override)!;
    const kept = SECURITY_HEADERS.find((h) => !h.override)!;
    const origin = { [overriding.name.toUpperCase()]: 'origin', [kept.name.replace(/^./, (c) => c.toUpperCase())]: 'origin' };
    const headers = withSecurityHeaders(origin);
    const values = Object.entries(headers).filter(([name]) => [overriding.name, kept.name].includes(name.toLowerCase()));
    expect(values).toHaveLength(2); // one of each, never a second copy under another case
    expect(values.find(([name]) => name.toLowerCase() === overriding.name)![1]).toBe(overriding.value);
    expect(values.find(([name]) => name.toLowerCase() === kept.name)![1]).toBe('origin');
  });

  test('on generated origin headers (any case, some undefined): each header once, the policy applied as CloudFront does', () => {
    const names = fc.constantFrom('content-type', 'Content-Type', 'x-app', ...SECURITY_HEADERS.flatMap((h) => [h.name, h.name.toUpperCase(), h.name.replace(/^./, (c) => c.toUpperCase())]));
    fc.assert(
      fc.property(fc.dictionary(names, fc.option(fc.constantFrom('origin', 'a=1'), { nil: undefined })), (origin) => {
        const out = withSecurityHeaders(origin);
        const defined = Object.entries(out).filter(([, value]) => value !== undefined);
        const lower = defined.map(([name]) => name.toLowerCase());
        for (const header of SECURITY_HEADERS) {
          expect(lower.filter((name) => name === header.name)).toHaveLength(1);
          const sent = Object.entries(origin).find(([name, value]) => name.toLowerCase() === header.name && value !== undefined); // the first the origin sent
          const value = defined.find(([name]) => name.toLowerCase() === header.name)![1];
          expect(value).toBe(header.override || !sent ? header.value : sent[1]);
        }
        for (const [name, value] of Object.entries(origin)) if (!SECURITY_HEADERS.some((h) => h.name === name.toLowerCase())) expect(out[name]).toBe(value);
      }),
      { seed: 15, numRuns: 1000 },
    );
  });

  test('the input is left as it was', () => {
    const input = { 'content-type': 'text/plain' };
    withSecurityHeaders(input);
    expect(input).toEqual({ 'content-type': 'text/plain' });
  });

  test('the headers the issue names are there: HSTS, nosniff, frame-ancestors, referrer policy', () => {
    expect(byName('strict-transport-security').value).toMatch(/^max-age=\d+/);
    expect(byName('x-content-type-options').value).toBe('nosniff');
    expect(byName('content-security-policy').value).toContain("frame-ancestors 'none'");
    expect(byName('referrer-policy')).toBeDefined();
    for (const header of SECURITY_HEADERS) expect(header.name).toBe(header.name.toLowerCase());
  });
});

test('docs/DEPLOY.md lists the headers as they are', () => {
  const docs = readFileSync(path.join(__dirname, '..', '..', 'docs', 'DEPLOY.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Security headers')).split('\n## ')[0]!;
  const rows = section.split('\n').filter((line) => line.startsWith('| `')).map((line) => line.split('|').map((cell) => cell.trim()));
  const documented = rows.map(([, name, value, rule]) => ({
    name: name!.replace(/`/g, '').toLowerCase(),
    value: value!.replace(/^`|`$/g, ''),
    override: rule!.startsWith('replaced'),
  }));
  expect(documented).toEqual(SECURITY_HEADERS.map((h) => ({ ...h })));
});
