import { build } from 'esbuild';
import { nextModulePath, publicRuntimeModules, runtimeAliasPlugin } from '../../../../cli/builder/plugins/runtime-alias';

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
    expect([...publicRuntimeModules().keys()].sort()).toEqual(['config', 'document', 'dynamic', 'head', 'image', 'link', 'router', 'script', 'server', 'types']);
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
  test.each(['next/link', 'next/router', 'next/head', 'next/image', 'next/legacy/image', 'next/dynamic', 'next/script', 'next/app', 'next/document', 'next/error', 'next/config', 'next/server', 'next'])(
    '%s resolves to Stratus, whether or not a next package is installed',
    async (specifier) => {
      const result = await resolveImport(specifier);
      expect(result.errors).toEqual([]);
      expect(nextModulePath(specifier)).toMatch(/web\/runtime\/next\//);
    },
  );

  test('one Stratus does not provide fails the build naming it and what to use instead', async () => {
    await expect(resolveImport('next/navigation')).rejects.toThrow(/"next\/navigation" is not provided by Stratus: that is the App Router; pages use next\/router/);
    await expect(resolveImport('next/whatever')).rejects.toThrow(/"next\/whatever" is not provided by Stratus: Stratus provides next\/link, next\/router/);
  });

  test('packages whose names only start with next are left to node_modules', async () => {
    await expect(resolveImport('next-auth/react')).rejects.toThrow(/Could not resolve "next-auth\/react"/);
    await expect(resolveImport('next-auth/react')).rejects.not.toThrow(/not provided by Stratus/);
    expect(nextModulePath('next/../link')).toBeUndefined();
  });
});
