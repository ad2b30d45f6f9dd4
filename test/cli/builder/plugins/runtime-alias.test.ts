import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { nextDistModulePath, nextModulePath, publicRuntimeModules, runtimeAliasPlugin } from '../../../../cli/builder/plugins/runtime-alias';

async function resolveImport(specifier: string) {
  return build({
    stdin: { contents: `import * as m from ${JSON.stringify(specifier)}; console.log(m);`, resolveDir: __dirname, loader: 'ts' },
    bundle: true,
    write: false,
    logLevel: 'silent',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    plugins: [runtimeAliasPlugin()],
  });
}

describe('stratus/* modules', () => {
  test('the public modules are the files at the top of web/runtime, nothing from its internal folders', () => {
    expect([...publicRuntimeModules().keys()].sort()).toEqual(['config', 'document', 'dynamic', 'head', 'image', 'link', 'router', 'script', 'server', 'types', 'web-vitals']);
  });

  test('a public module resolves', async () => {
    const result = await resolveImport('stratus/link');
    expect(result.errors).toEqual([]);
  });

  test('an unknown or internal module fails the build naming the modules there are', async () => {
    await expect(resolveImport('stratus/navigator')).rejects.toThrow(/Unknown module "stratus\/navigator": Stratus provides stratus\/config, stratus\/document, stratus\/dynamic, stratus\/head, stratus\/image, stratus\/link, stratus\/router, stratus\/script, stratus\/server, stratus\/types/);
  });
});

describe('next/* modules', () => {
  test.each(['next/link', 'next/router', 'next/compat/router', 'next/navigation', 'next/head', 'next/image', 'next/legacy/image', 'next/dynamic', 'next/script', 'next/app', 'next/document', 'next/error', 'next/config', 'next/server', 'next'])(
    '%s resolves to Stratus, whether or not a next package is installed',
    async (specifier) => {
      const result = await resolveImport(specifier);
      expect(result.errors).toEqual([]);
      expect(nextModulePath(specifier)).toMatch(/web\/runtime\/next\//);
    },
  );

  test('the .js spelling ES-module packages write (next/router.js) is the same module', async () => {
    expect((await resolveImport('next/router.js')).errors).toEqual([]);
    expect((await resolveImport('next/navigation.js')).errors).toEqual([]);
  });

  test('one Stratus does not provide fails the build naming it and what to use instead', async () => {
    await expect(resolveImport('next/headers')).rejects.toThrow(/"next\/headers" is not provided by Stratus: that is the App Router; read headers from the getServerSideProps context/);
    await expect(resolveImport('next/whatever')).rejects.toThrow(/"next\/whatever" is not provided by Stratus: Stratus provides next\/link, next\/router/);
  });

  test("a library's App Router path (next-auth requires next/headers inside its route handler) builds; calling it says what Stratus does not provide", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-not-provided-'));
    mkdirSync(path.join(dir, 'node_modules/auth-lib'), { recursive: true });
    writeFileSync(path.join(dir, 'node_modules/auth-lib/index.js'), "exports.pagesPath = () => 'pages';\nexports.appPath = () => { const { headers } = require('next/headers'); return headers(); };\nexports.esm = async () => (await import('next/cache')).revalidatePath('/');\n");
    const result = await build({
      stdin: { contents: "const lib = require('auth-lib'); module.exports = lib;", resolveDir: dir, loader: 'js' },
      bundle: true, write: false, logLevel: 'silent', format: 'cjs', platform: 'node', plugins: [runtimeAliasPlugin()],
    });
    const lib = { exports: {} as Record<string, () => unknown> };
    new Function('module', 'exports', 'require', result.outputFiles[0]!.text)(lib, lib.exports, require);
    expect(lib.exports.pagesPath!()).toBe('pages');
    expect(() => lib.exports.appPath!()).toThrow('headers(): next/headers is not provided by Stratus: that is the App Router; read headers from the getServerSideProps context');
    await expect(lib.exports.esm!()).rejects.toThrow(/revalidatePath\(\): next\/cache is not provided by Stratus/);
    rmSync(dir, { recursive: true, force: true });
  });

  describe('next/og', () => {
    /** Bundles `source` from `dir` for Node (the render bundle's platform) or the browser. */
    const bundle = (source: string, dir: string, platform: 'node' | 'browser') =>
      build({
        stdin: { contents: source, resolveDir: dir, loader: 'js' },
        absWorkingDir: dir, bundle: true, write: false, logLevel: 'silent', format: 'cjs', platform, metafile: true,
        external: ['react', 'react-dom', 'react/jsx-runtime'], plugins: [runtimeAliasPlugin()],
      });
    const dirs: string[] = [];
    const tempDir = () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-next-og-'));
      dirs.push(dir);
      return dir;
    };
    afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

    test("on the server it is Stratus's module over @vercel/og, which Stratus installs when the app does not", async () => {
      const dir = tempDir();
      const result = await bundle("export { ImageResponse } from 'next/og';", dir, 'node');
      const inputs = Object.keys(result.metafile!.inputs).map((file) => path.resolve(dir, file));
      expect(inputs.some((file) => file.endsWith(path.join('web', 'runtime', 'next', 'og.ts')))).toBe(true);
      expect(inputs.some((file) => file.includes(path.join('node_modules', '@vercel', 'og', 'dist', 'index.node.js')))).toBe(true);
    });

    test("an app that installs its own @vercel/og gets that one", async () => {
      const dir = tempDir();
      mkdirSync(path.join(dir, 'node_modules/@vercel/og'), { recursive: true });
      writeFileSync(path.join(dir, 'node_modules/@vercel/og/package.json'), JSON.stringify({ name: '@vercel/og', type: 'module', exports: './index.js' }));
      writeFileSync(path.join(dir, 'node_modules/@vercel/og/index.js'), "export class ImageResponse { constructor() { this.from = 'the app\\'s own @vercel/og'; } }\n");
      const result = await bundle("export { ImageResponse } from 'next/og';", dir, 'node');
      expect(Object.keys(result.metafile!.inputs)).toContain('node_modules/@vercel/og/index.js');
      expect(result.outputFiles![0]!.text).toContain("the app's own @vercel/og");
    });

    test("in browser code it fails the build saying it is server-only and where it goes; a library's import builds and says so if called", async () => {
      await expect(bundle("import { ImageResponse } from 'next/og'; console.log(ImageResponse);", tempDir(), 'browser')).rejects.toThrow(
        /"next\/og" is server-only: ImageResponse draws images on the server: return it from an API route \(pages\/api\/og\.tsx/,
      );
      const dir = tempDir();
      mkdirSync(path.join(dir, 'node_modules/seo-kit'), { recursive: true });
      writeFileSync(path.join(dir, 'node_modules/seo-kit/index.js'), "exports.tags = () => 'tags';\nexports.image = () => new (require('next/og').ImageResponse)();\n");
      const result = await bundle("module.exports = require('seo-kit');", dir, 'browser');
      const lib = { exports: {} as Record<string, () => unknown> };
      new Function('module', 'exports', 'require', result.outputFiles![0]!.text)(lib, lib.exports, require);
      expect(lib.exports.tags!()).toBe('tags');
      expect(() => lib.exports.image!()).toThrow('ImageResponse(): next/og is server-only: ImageResponse draws images on the server');
    });
  });

  test('packages whose names only start with next are left to node_modules', async () => {
    await expect(resolveImport('next-auth/react')).rejects.toThrow(/Could not resolve "next-auth\/react"/);
    await expect(resolveImport('next-auth/react')).rejects.not.toThrow(/not provided by Stratus/);
    expect(nextModulePath('next/../link')).toBeUndefined();
  });
});

describe('next/dist/* modules apps, test setups and libraries import', () => {
  /** Bundles a snippet with the plugin and runs it: what it returns. */
  async function run(source: string): Promise<unknown> {
    const result = await build({
      stdin: { contents: source, resolveDir: __dirname, loader: 'tsx' },
      bundle: true, write: false, logLevel: 'silent', format: 'cjs', platform: 'node',
      external: ['react', 'react-dom', 'react/jsx-runtime', '@edge-runtime/cookies'],
      plugins: [runtimeAliasPlugin()],
    });
    const module = { exports: {} as { default?: unknown } };
    new Function('module', 'exports', 'require', result.outputFiles[0]!.text)(module, module.exports, require);
    return module.exports.default;
  }

  test('the router context is the one useRouter reads, under each of its names', async () => {
    const same = await run(`
      import { RouterContext as A } from 'next/dist/shared/lib/router-context.shared-runtime';
      import { RouterContext as B } from 'next/dist/shared/lib/router-context';
      import { RouterContext as C } from 'next/dist/next-server/lib/router-context.js';
      import { RouterContext as D } from 'next/dist/esm/shared/lib/router-context.shared-runtime.js';
      import { RouterContext } from 'stratus/router';
      export default [A, B, C, D].every((context) => context === RouterContext);`);
    expect(same).toBe(true);
  });

  test('the client router, the head-manager context, the public modules by their dist names, the cookie and middleware classes', async () => {
    const found = await run(`
      import Router, { Router as Named, useRouter, withRouter } from 'next/dist/client/router';
      import Singleton from 'next/router';
      import { HeadManagerContext } from 'next/dist/shared/lib/head-manager-context.shared-runtime';
      import Link from 'next/dist/client/link';
      import Head from 'next/dist/shared/lib/head';
      import Image from 'next/dist/client/image';
      import dynamic from 'next/dist/shared/lib/dynamic';
      import { getDisplayName, loadGetInitialProps } from 'next/dist/shared/lib/utils';
      import { PHASE_PRODUCTION_BUILD } from 'next/dist/shared/lib/constants';
      import { NextResponse } from 'next/dist/server/web/spec-extension/response';
      import { RequestCookies } from 'next/dist/compiled/@edge-runtime/cookies';
      export default {
        router: Router === Singleton && Named === Singleton && typeof Named.events.on === 'function' && typeof useRouter === 'function' && typeof withRouter === 'function',
        head: typeof HeadManagerContext.Provider === 'object',
        components: [Link, Head, Image, dynamic].map((c) => typeof c),
        utils: getDisplayName({ displayName: 'Shown' }),
        initial: loadGetInitialProps({ getInitialProps: async () => ({ a: 1 }) }, {}),
        phase: PHASE_PRODUCTION_BUILD,
        response: typeof NextResponse.json,
        cookies: new RequestCookies(new Headers({ cookie: 'a=1' })).get('a').value,
      };`);
    const values = found as Record<string, unknown>;
    values.initial = await values.initial;
    expect(values).toEqual({
      router: true, head: true, components: ['object', 'function', 'function', 'function'], utils: 'Shown', initial: { a: 1 },
      phase: 'phase-production-build', response: 'function', cookies: '1',
    });
    expect(nextDistModulePath('next/dist/client/router.js')).toMatch(/web\/runtime\/next\/internal\/client-router\.ts$/);
  });

  test('an internal module Stratus has no stand-in for fails the build naming the ones it has', async () => {
    await expect(resolveImport('next/dist/server/app-render/types')).rejects.toThrow(/"next\/dist\/server\/app-render\/types" is one of Next's internal modules, which Stratus does not provide; it provides next\/dist\/shared\/lib\/router-context\.shared-runtime/);
  });
});
