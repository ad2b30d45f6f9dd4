// Jest transformer: strips TypeScript/JSX with esbuild (already a dependency), so tests
// run without an embedded compiler; `tsc --noEmit` does the type-checking separately.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const loader = filename.endsWith('.tsx') ? 'tsx' : filename.endsWith('.ts') ? 'ts' : 'js';
    const { code, map } = transformSync(source, {
      loader,
      format: 'cjs',
      target: 'node20',
      jsx: 'automatic',
      sourcemap: 'both',
      sourcefile: filename,
      // Packages compiled here (jest.config.cjs) may load modules with import(): a require, as in the bundles.
      ...(filename.includes('/node_modules/') ? { supported: { 'dynamic-import': false } } : {}),
    });
    return { code, map };
  },
};
