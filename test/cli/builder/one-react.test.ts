/**
 * An app folder with its own `react` in node_modules (every pages-router app has one) and
 * a library using hooks through it: one React for the runtime, the app and the library.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { NODE_MODULES } from '../../../cli/paths';
import { buildApp } from '../../helpers/build-app';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { tempApp } from '../../helpers/temp-app';

test("a library's hooks work when the app has a copy of react of its own", async () => {
  const dir = tempApp({
    'node_modules/counter-lib/package.json': '{ "name": "counter-lib", "version": "1.0.0", "main": "index.js" }\n',
    'node_modules/counter-lib/index.js': "const { useState, useContext, createContext } = require('react');\nconst Ctx = createContext('ctx');\nexports.useCounter = () => [useState(3)[0], useContext(Ctx)];\n",
    'pages/index.js': "import { useCounter } from 'counter-lib';\nexport default function Home() { const [n, c] = useCounter(); return <p>count {n} {c}</p>; }\n",
  });
  cpSync(path.join(NODE_MODULES, 'react'), path.join(dir, 'node_modules', 'react'), { recursive: true });
  const app = await buildApp(dir);
  try {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const result = (await app.handler(functionUrlEvent('/')).finally(() => write.mockRestore())) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain('<p>count <!-- -->3<!-- --> <!-- -->ctx</p>');
  } finally {
    app.cleanup();
  }
});
