import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveConfig } from '../../contract/config-schema';
import { MANIFEST_VERSION, ManifestError, parseManifest, readManifest, type Manifest } from '../../contract/manifest';

const valid: Manifest = {
  version: MANIFEST_VERSION,
  buildId: 'b1',
  config: resolveConfig({}),
  routes: [],
  entryScripts: [],
  errorScripts: {},
  styles: [],
  publicFiles: [],
  s3CacheControl: [],
};

describe('parseManifest', () => {
  test('reads a manifest of this version', () => {
    expect(parseManifest(JSON.stringify(valid))).toEqual(valid);
  });

  test('another version says which it found, which it reads, and to rebuild', () => {
    expect(() => parseManifest(JSON.stringify({ ...valid, version: 2 }), 'x/manifest.json')).toThrow(
      new ManifestError('x/manifest.json has manifest version 2; this code reads version 1. Rebuild the app with this checkout (`npx stratus build <appDir>`).'),
    );
  });

  test('missing fields are named', () => {
    const { routes: _routes, styles: _styles, ...partial } = valid;
    expect(() => parseManifest(JSON.stringify(partial))).toThrow(/manifest\.json lacks routes, styles\. Rebuild/);
  });

  test('text that is not JSON, or not an object, is a ManifestError', () => {
    expect(() => parseManifest('{')).toThrow(ManifestError);
    expect(() => parseManifest('null')).toThrow(/does not hold a manifest object/);
  });
});

describe('readManifest', () => {
  test('a missing file says to build first', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'manifest-')), 'manifest.json');
    expect(() => readManifest(file)).toThrow(new ManifestError(`No build manifest at ${file}. Build the app first (\`npx stratus build <appDir>\`).`));
  });

  test('reads a file', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'manifest-')), 'manifest.json');
    writeFileSync(file, JSON.stringify(valid));
    expect(readManifest(file).buildId).toBe('b1');
  });
});
