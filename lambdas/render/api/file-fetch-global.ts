/**
 * Imported, for its effect, by the app's server files that read `import.meta`
 * (cli/builder/app-import-meta.ts): the global `fetch` answers `file:` URLs inside the
 * function's folder (file-fetch.ts). Bundled into the render function's `app.js`, so
 * `__dirname` is that folder wherever it runs (`/var/task` in Lambda).
 */
import { installFileFetch } from './file-fetch';

installFileFetch(__dirname);
