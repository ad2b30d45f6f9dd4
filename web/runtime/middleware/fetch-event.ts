/** The second argument of middleware: `event.waitUntil(promise)`. */

/** `event.waitUntil(promise)`: work that finishes before the function answers (Lambda freezes after). */
export class NextFetchEvent {
  readonly pending: Promise<unknown>[] = [];
  waitUntil(promise: Promise<unknown>): void {
    this.pending.push(promise);
  }
}
