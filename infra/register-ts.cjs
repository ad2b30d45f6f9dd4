// Lets Node require the infra's TypeScript directly: esbuild strips the types file by file
// (the same transform jest uses), so `cdk synth` needs no compiler and no temp bundle, and
// __dirname stays true for the files the stack reads next to its sources.
const { transformSync } = require('esbuild');
const fs = require('node:fs');

require.extensions['.ts'] = function registerTs(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    loader: 'ts',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    sourcefile: filename,
  });
  module._compile(code, filename);
};
