/** A failed dependency is not called again for a while: its last failure is thrown at once, then it is tried again. */
import { createCircuit } from '../../../lambdas/shared/circuit-breaker';
import { DependencyError } from '../../../lambdas/shared/dependency-failure';

test('after a failure, calls fail at once with it until the time is up; then the service is tried again', async () => {
  const clock = { now: 0 };
  const circuit = createCircuit('S3 bucket b', 5_000, () => clock.now);
  let calls = 0;
  const failing = async () => {
    calls++;
    throw new DependencyError('S3 bucket b', new Error('SlowDown'));
  };
  await expect(circuit.run(failing)).rejects.toThrow('S3 bucket b failed: SlowDown');
  clock.now = 4_999;
  await expect(circuit.run(async () => 'ok')).rejects.toThrow('SlowDown');
  expect(calls).toBe(1);
  clock.now = 5_000;
  await expect(circuit.run(async () => 'ok')).resolves.toBe('ok');
});

test("other errors (the caller's own, another dependency's) leave it closed", async () => {
  const circuit = createCircuit('DynamoDB table t', 5_000, () => 0);
  await expect(circuit.run(async () => Promise.reject(new Error('a bug')))).rejects.toThrow('a bug');
  await expect(circuit.run(async () => Promise.reject(new DependencyError('S3 bucket b', new Error('x'))))).rejects.toThrow('S3 bucket b');
  await expect(circuit.run(async () => 'ok')).resolves.toBe('ok');
});

test('trip holds it down for a failure seen elsewhere', async () => {
  const circuit = createCircuit('S3 bucket b', 5_000, () => 0);
  circuit.trip(new DependencyError('S3 bucket b', new Error('read failed')));
  await expect(circuit.run(async () => 'ok')).rejects.toThrow('read failed');
});
