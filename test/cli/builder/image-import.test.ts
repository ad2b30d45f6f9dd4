import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { imageImportPlugin } from '../../../cli/builder/plugins/image-import';
import { getSharp } from '../../../lambdas/image/sharp';
import { makeJpeg, makeRotatedJpeg } from '../../fixtures/images/fixtures';

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stratus-image-import-'));
  mkdirSync(join(dir, 'src', 'img'), { recursive: true });
  writeFileSync(join(dir, 'src', 'img', 'photo.jpg'), await makeJpeg(240, 160));
  writeFileSync(join(dir, 'src', 'img', 'turned.jpg'), await makeRotatedJpeg());
  writeFileSync(join(dir, 'src', 'img', 'broken.png'), 'not a png');
  writeFileSync(
    join(dir, 'src', 'entry.js'),
    "import photo from './img/photo.jpg';\nimport turned from './img/turned.jpg';\nexport { photo, turned };\n",
  );
  writeFileSync(join(dir, 'src', 'broken.js'), "import b from './img/broken.png';\nexport { b };\n");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(entry: string, assetsDir: string) {
  const result = await build({
    entryPoints: [join(dir, 'src', entry)],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    logLevel: 'silent',
    plugins: [imageImportPlugin({ assetsDir, publicPath: '/_app/static/media/' })],
  });
  const module = { exports: {} as Record<string, { src: string; width: number; height: number }> };
  new Function('module', 'exports', result.outputFiles[0]!.text)(module, module.exports);
  return module.exports;
}

describe('imageImportPlugin', () => {
  it('gives { src, width, height } and writes the file under a content-hashed name', async () => {
    const assetsDir = join(dir, 'assets-1');
    const { photo, turned } = await bundle('entry.js', assetsDir);
    expect(photo).toEqual({ src: expect.stringMatching(/^\/_app\/static\/media\/photo\.[0-9a-f]{8}\.jpg$/), width: 240, height: 160, blurDataURL: expect.stringMatching(/^data:image\/jpeg;base64,/), blurWidth: 8, blurHeight: 5 });
    // EXIF orientation 6: stored 200×100, shown 100×200; its preview upright too.
    expect(turned).toMatchObject({ width: 100, height: 200, blurWidth: 4, blurHeight: 8 });
    const written = readFileSync(join(assetsDir, photo!.src));
    expect(written.equals(readFileSync(join(dir, 'src', 'img', 'photo.jpg')))).toBe(true);
    expect(readdirSync(join(assetsDir, '_app', 'static', 'media')).sort()).toHaveLength(2);
  });

  it('gives the same name and preview in a second build (client and server agree)', async () => {
    const first = await bundle('entry.js', join(dir, 'assets-2'));
    const second = await bundle('entry.js', join(dir, 'assets-2'));
    expect(second.photo).toEqual(first.photo);
  });

  it("the blur preview is the image's colours at 8 pixels across, a few hundred bytes", async () => {
    const { photo } = await bundle('entry.js', join(dir, 'assets-4'));
    const preview = Buffer.from((photo as unknown as { blurDataURL: string }).blurDataURL.split(',')[1]!, 'base64');
    expect(preview.length).toBeLessThan(1000);
    const meta = await getSharp()(preview).metadata();
    expect([meta.width, meta.height]).toEqual([8, 5]);
  });

  it('fails the build with the file name when the file is not an image', async () => {
    await expect(bundle('broken.js', join(dir, 'assets-3'))).rejects.toThrow(/broken\.png/);
  });
});
