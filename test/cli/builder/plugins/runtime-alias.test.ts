import { build } from 'esbuild';
import { publicRuntimeModules, runtimeAliasPlugin } from '../../../../cli/builder/plugins/runtime-alias';

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
    expect([...publicRuntimeModules().keys()].sort()).toEqual(['config', 'head', 'image', 'link', 'router', 'types']);
  });

  test('a public module resolves', async () => {
    const result = await resolveImport('stratus/link');
    expect(result.errors).toEqual([]);
  });

  test('an unknown or internal module fails the build naming the modules there are', async () => {
    await expect(resolveImport('stratus/navigator')).rejects.toThrow(/Unknown module "stratus\/navigator": Stratus provides stratus\/config, stratus\/head, stratus\/image, stratus\/link, stratus\/router, stratus\/types/);
  });
});
