/**
 * `stratus init [dir]`: a new app from the template beside this file: pages, styles, a
 * public file, `stratus.config.ts`, and a `tsconfig.json` that extends the one the
 * framework ships (`tsconfig.app.json`), so the app type-checks against the runtime.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BuildError } from '../builder/errors';
import { REPO_ROOT } from '../paths';

/** Where the template lives: beside this file in a checkout, or in the package when bundled. */
export const TEMPLATE_DIR = path.join(REPO_ROOT, 'cli', 'init', 'template');

/** The app's tsconfig.json: the framework's settings, the app's files and the runtime's ambient types. */
export function appTsconfig(appDir: string): string {
  const toFramework = path.relative(appDir, REPO_ROOT).split(path.sep).join('/') || '.';
  return JSON.stringify(
    {
      extends: `${toFramework}/tsconfig.app.json`,
      include: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', `${toFramework}/web/runtime/types/*.d.ts`],
      exclude: ['.stratus', '.stratus-dev', 'cdk.out', 'node_modules'],
    },
    null,
    2,
  ) + '\n';
}

export function init(options: { dir: string; log: (line: string) => void }): void {
  const appDir = path.resolve(options.dir);
  if (existsSync(appDir) && readdirSync(appDir).length > 0) {
    throw new BuildError(`${appDir} is not empty: give a new folder, for example \`stratus init my-site\`.`, 'INIT_FAILED');
  }
  mkdirSync(appDir, { recursive: true });
  cpSync(TEMPLATE_DIR, appDir, { recursive: true });
  // npm leaves .gitignore files out of packages, so the template's is named without the dot.
  renameSync(path.join(appDir, 'gitignore'), path.join(appDir, '.gitignore'));
  writeFileSync(path.join(appDir, 'tsconfig.json'), appTsconfig(appDir));
  const shown = path.relative(process.cwd(), appDir) || '.';
  options.log(`Created ${shown}: pages/index.tsx, pages/about.tsx, pages/_app.tsx, styles/, public/, stratus.config.ts, tsconfig.json`);
  options.log('');
  options.log('Next:');
  options.log(`  npx stratus dev ${shown}       serve at http://localhost:3000, update the page on save`);
  options.log(`  npx stratus start ${shown}     build and serve as deployed`);
  options.log(`  npx stratus build ${shown}     build for AWS into ${shown}/.stratus`);
  options.log(`  npx stratus deploy ${shown}    build and deploy with the AWS CDK (see the README's "Build your own app")`);
}
