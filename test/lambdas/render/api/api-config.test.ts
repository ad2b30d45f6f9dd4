/** An API route's `export const config`: read at cold start, wrong values named with the file. */
import { ApiConfigError, readApiConfig } from '../../../../lambdas/render/api/api-config';
import { DEFAULT_BODY_PARSING } from '../../../../lambdas/render/api/request-body';

const handler = () => undefined;
const FILE = 'pages/api/upload.ts';

test('no config: bodies parsed up to 1 MB, no external resolver', () => {
  expect(readApiConfig(FILE, { default: handler })).toEqual({ bodyParser: DEFAULT_BODY_PARSING, externalResolver: false, edge: false });
  expect(readApiConfig(FILE, { default: handler, config: { api: { bodyParser: true } } }).bodyParser).toEqual(DEFAULT_BODY_PARSING);
  expect(readApiConfig(FILE, { default: handler, config: { api: { bodyParser: {} } } }).bodyParser).toEqual(DEFAULT_BODY_PARSING);
});

test('bodyParser false: raw; a sizeLimit in bytes or with a unit', () => {
  expect(readApiConfig(FILE, { default: handler, config: { api: { bodyParser: false } } }).bodyParser).toBe(false);
  expect(readApiConfig(FILE, { default: handler, config: { api: { bodyParser: { sizeLimit: '4mb' } } } }).bodyParser).toEqual({ sizeLimit: 4 * 1024 * 1024, label: '4mb' });
  expect(readApiConfig(FILE, { default: handler, config: { api: { bodyParser: { sizeLimit: 500 } } } }).bodyParser).toEqual({ sizeLimit: 500, label: '500' });
});

test('externalResolver', () => {
  expect(readApiConfig(FILE, { default: handler, config: { api: { externalResolver: true } } }).externalResolver).toBe(true);
});

test('wrong values and a missing handler name the file and say what to write', () => {
  expect(() => readApiConfig(FILE, { default: handler, config: { api: { bodyParser: { sizeLimit: 'huge' } } } })).toThrow(
    new ApiConfigError(`${FILE}: config.api.bodyParser.sizeLimit "huge" is not a size: use a number of bytes (1000000) or a string such as '500kb' or '4mb'.`, FILE),
  );
  // A StratusError: the CLI prints it under its code's title, naming the file.
  expect(() => readApiConfig(FILE, undefined)).toThrow(expect.objectContaining({ code: 'API_CONFIG_INVALID', file: FILE }));
  expect(() => readApiConfig(FILE, { default: handler, config: { api: { bodyParser: 'yes' as never } } })).toThrow(/pages\/api\/upload\.ts: config\.api\.bodyParser is "yes"; use false, true or \{ sizeLimit \}/);
  expect(() => readApiConfig(FILE, { default: 'not a function' as never })).toThrow(/pages\/api\/upload\.ts: an API route exports its handler as default/);
  expect(() => readApiConfig(FILE, undefined)).toThrow(ApiConfigError);
});
