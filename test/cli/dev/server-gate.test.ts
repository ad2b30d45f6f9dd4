/**
 * The server's build after a save waits for the pages to apply the browser's update
 * (cli/dev/server-gate.ts): it starts when every page has said so, when a request needs the
 * server, or after a second at most; a newer update holds it again.
 */
import { createServerGate } from '../../../cli/dev/server-gate';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 5));
  return done;
};

test('opens when every page has applied the update, not before', async () => {
  const gate = createServerGate();
  gate.hold(3, 2);
  const opened = gate.opened();
  gate.applied(3);
  expect(await settled(opened)).toBe(false);
  gate.applied(2); // an older update's word counts for nothing
  expect(await settled(opened)).toBe(false);
  gate.applied(3);
  expect(await settled(opened)).toBe(true);
});

test('a request opens it at once; no pages, nothing to wait for', async () => {
  const gate = createServerGate();
  gate.hold(1, 1);
  const opened = gate.opened();
  gate.open();
  expect(await settled(opened)).toBe(true);
  gate.hold(2, 0);
  expect(await settled(gate.opened())).toBe(true);
});

test('pages that never answer hold it for the limit alone', async () => {
  const gate = createServerGate(50);
  gate.hold(1, 1);
  const started = Date.now();
  await gate.opened();
  expect(Date.now() - started).toBeGreaterThanOrEqual(40);
});

test('a newer update holds it again: who waits, waits for that one too', async () => {
  const gate = createServerGate();
  gate.hold(1, 1);
  const opened = gate.opened();
  gate.hold(2, 1);
  gate.applied(1);
  expect(await settled(opened)).toBe(false);
  gate.applied(2);
  expect(await settled(opened)).toBe(true);
});
