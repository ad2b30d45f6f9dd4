/**
 * `dynamic()`'s first argument in each form the pages router takes: a loader function, an
 * options object with `loader`, and the `import()` promise itself (`dynamic(import('./x'))`,
 * Next's with-quill-js), with or without options beside it.
 */
import { renderToString } from 'react-dom/server';
import dynamic from '../../../web/runtime/dynamic';
import { dynamicLoadsSettled } from '../../../web/runtime/shared/dynamic-loads';

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;
const moduleOf = () => Promise.resolve({ default: Hello });

test.each([
  ['a loader function', () => dynamic(() => moduleOf())],
  ['options with a loader', () => dynamic({ loader: () => moduleOf() })],
  ['the import() promise itself', () => dynamic(moduleOf())],
  ['the promise with options', () => dynamic(moduleOf(), { loading: () => <p>loading</p> })],
  ['options whose loader is the promise', () => dynamic({ loader: moduleOf() })],
])('%s: the component renders on the server once loaded', async (_form, make) => {
  const Component = make();
  await dynamicLoadsSettled();
  expect(renderToString(<Component name="you" />)).toBe('<p>hello <!-- -->you</p>');
});

test('no loader at all says how to write one', () => {
  expect(() => dynamic({})).toThrow('dynamic() needs a loader: dynamic(() => import("./component"))');
});
