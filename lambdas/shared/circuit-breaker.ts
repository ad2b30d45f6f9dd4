/**
 * After a dependency fails, calls to it fail at once for a while: one visitor waits for a
 * bucket that hangs (up to the operation deadline, aws-client-options.ts), not every
 * visitor, and not every call of one request (a stale page's regeneration reads, then
 * writes). Once the time is up, the next call tries the service again.
 */
import { DependencyError, isDependencyError } from './dependency-failure';

/** How long calls to a failed dependency fail at once before it is tried again. */
export const CIRCUIT_OPEN_MS = 5_000;

export interface Circuit {
  /** Runs `call`, or throws the last failure at once while the dependency is held to be down. */
  run<T>(call: () => Promise<T>): Promise<T>;
  /** Holds the dependency to be down from now, for a failure seen elsewhere (a read that failed stops writes too). */
  trip(failure: DependencyError): void;
}

/**
 * @example
 * const circuit = createCircuit('S3 bucket b');
 * await circuit.run(() => client.send(command)); // throws a DependencyError at once for 5 s after one failed
 */
export function createCircuit(dependency: string, openMs = CIRCUIT_OPEN_MS, now: () => number = Date.now): Circuit {
  let openUntil = 0;
  let lastFailure: DependencyError | undefined;
  const trip = (failure: DependencyError) => {
    lastFailure = failure;
    openUntil = now() + openMs;
  };
  return {
    trip,
    async run(call) {
      if (lastFailure && now() < openUntil) throw lastFailure;
      try {
        const result = await call();
        lastFailure = undefined;
        return result;
      } catch (error) {
        if (isDependencyError(error) && error.dependency === dependency) trip(error);
        throw error;
      }
    },
  };
}
