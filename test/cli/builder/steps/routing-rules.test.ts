/** The config's routing options at build time: settled into the manifest's form, or an error naming the rule and the reason. */
import { resolveRouting } from '../../../../cli/builder/steps/routing-rules';

const rules = (list: unknown[]) => async () => list;

test('nothing configured and no middleware: no routing layer in the manifest', async () => {
  expect(await resolveRouting({}, false)).toBeUndefined();
});

test('skipTrailingSlashRedirect alone makes a routing layer that says so; false leaves none', async () => {
  expect(await resolveRouting({ skipTrailingSlashRedirect: true }, false)).toMatchObject({ trailingSlash: false, skipTrailingSlashRedirect: true });
  expect(await resolveRouting({ skipTrailingSlashRedirect: false }, false)).toBeUndefined();
});

test('rules are called (async allowed), statuses settled, a rewrites array is afterFiles', async () => {
  const routing = await resolveRouting(
    {
      basePath: '/docs',
      trailingSlash: true,
      redirects: rules([
        { source: '/a', destination: '/b', permanent: true },
        { source: '/c', destination: '/d', permanent: false },
        { source: '/e', destination: 'https://example.com/', statusCode: 301 },
      ]),
      rewrites: rules([{ source: '/x/:id', destination: '/y/:id' }]),
      headers: rules([{ source: '/(.*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] }]),
    },
    true,
  );
  expect(routing).toEqual({
    basePath: '/docs',
    trailingSlash: true,
    redirects: [
      { source: '/a', destination: '/b', statusCode: 308 },
      { source: '/c', destination: '/d', statusCode: 307 },
      { source: '/e', destination: 'https://example.com/', statusCode: 301 },
    ],
    rewrites: { beforeFiles: [], afterFiles: [{ source: '/x/:id', destination: '/y/:id' }], fallback: [] },
    headers: [{ source: '/(.*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] }],
    middleware: true,
  });
});

test.each([
  [{ redirects: rules([{ source: '/a', destination: '/b', permanent: true, permanant: true }]) }, /redirects\(\)\[0\] \{"source":"\/a".*: unknown key "permanant"/],
  [{ redirects: rules([{ source: '/a/:id', destination: '/b/:slug', permanent: true }]) }, /destination uses ":slug", which the source \(and has conditions\) do not define/],
  [{ redirects: rules([{ source: '/a/(unclosed', destination: '/b', permanent: true }]) }, /source "\/a\/\(unclosed" is not a valid pattern/],
  [{ redirects: rules([{ source: '/a', destination: '/b' }]) }, /say whether it is permanent/],
  [{ redirects: rules([{ source: '/a', destination: '/b', statusCode: 200 }]) }, /statusCode must be one of 301, 302, 303, 307, 308/],
  [{ redirects: rules([{ source: 'a', destination: '/b', permanent: true }]) }, /source must be a path starting with "\/"/],
  [{ redirects: rules([{ source: '/a', destination: '//evil.example', permanent: true }]) }, /names another host without a scheme/],
  [{ redirects: [{ source: '/a', destination: '/b', permanent: true }] }, /redirects must be an async function/],
  [{ rewrites: async () => ({ before: [] }) }, /unknown group "before"/],
  [{ rewrites: rules([{ source: '/a', destination: '/b', has: [{ type: 'body', key: 'x' }] }]) }, /condition type must be one of header, cookie, query, host/],
  [{ rewrites: rules([{ source: '/a', destination: '/b', has: [{ type: 'header', key: 'x', value: '(' }] }]) }, /is not a valid regular expression/],
  [{ headers: rules([{ source: '/a', headers: [{ key: 'Bad Name', value: 'x' }] }]) }, /"Bad Name" is not a valid header name/],
  [{ headers: rules([{ source: '/a/:slug', headers: [{ key: 'x:other', value: 'x' }] }]) }, /"x:other" is not a valid header name/],
  [{ headers: rules([{ source: '/a', headers: [{ key: 'X-A', value: 'a\r\nSet-Cookie: x=1' }] }]) }, /contains a line break/],
  [{ basePath: '/docs/' }, /basePath must be a path such as "\/docs"/],
  [{ basePath: '/_app' }, /collides with the framework's \/_app paths/],
  [{ trailingSlash: 'yes' }, /trailingSlash must be true or false/],
  [{ skipTrailingSlashRedirect: 1 }, /skipTrailingSlashRedirect must be true or false/],
])('a bad rule fails the build with the rule and the reason (%#)', async (input, message) => {
  await expect(resolveRouting(input, false)).rejects.toThrow(message);
});

test("a header key may take the source's params, as the pages router fills them in keys too", async () => {
  const routing = await resolveRouting({ headers: rules([{ source: '/my-other-header/:path', headers: [{ key: 'some:path', value: 'hi' }] }]) }, false);
  expect(routing!.headers[0]!.headers).toEqual([{ key: 'some:path', value: 'hi' }]);
});

test('params from has conditions may be used in the destination', async () => {
  const routing = await resolveRouting(
    { rewrites: rules([{ source: '/p', has: [{ type: 'query', key: 'id' }, { type: 'host', value: '(?<sub>[a-z]+)\\.example\\.com' }], destination: '/posts/:id?from=:sub' }]) },
    false,
  );
  expect(routing?.rewrites.afterFiles).toHaveLength(1);
});
