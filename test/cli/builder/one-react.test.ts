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

test("the app's own React imports in every form (default, named, namespace, jsx) and a library's import of a name this React lacks all build and render", async () => {
  const dir = tempApp({
    'node_modules/future-lib/package.json': '{ "name": "future-lib", "version": "1.0.0", "module": "index.mjs" }\n',
    // An ES module library importing a hook a later React may have: undefined here, as from CommonJS, not a build error.
    'node_modules/future-lib/index.mjs': "import { useState, useFutureHook } from 'react';\nexport const useLabel = () => (typeof useFutureHook === 'function' ? 'future' : useState('today')[0]);\n",
    'pages/index.js': [
      "import React, { useState } from 'react';",
      "import * as R from 'react';",
      "import { useLabel } from 'future-lib';",
      'export default function Home() {',
      '  const [n] = useState(2);',
      "  return <div>{React.createElement('b', null, n)}{R.createElement('i', null, R.Children.count([1, 2, 3]))}<p>{useLabel()}</p></div>;",
      '}',
    ].join('\n'),
  });
  const app = await buildApp(dir);
  try {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const result = (await app.handler(functionUrlEvent('/')).finally(() => write.mockRestore())) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain('<div><b>2</b><i>3</i><p>today</p></div>');
  } finally {
    app.cleanup();
  }
});
