/**
 * An exception nothing catches, or a promise rejected with nobody waiting on it, thrown by the
 * app's code after its answer (a timer, a stream's callback, a library's background work).
 * Node's default ends the process: in Lambda that ends one instance, and the next request
 * starts another; here it would end the whole local server (`stratus start`, `serve`, `dev`)
 * for every page. It is logged as the function logs an error, saying what Lambda would do, and
 * the server goes on.
 */
import { logError } from '../../lambdas/shared/log';

let installed = false;

export function keepServingAfterUncaught(): void {
  if (installed) return;
  installed = true;
  process.on('uncaughtException', (error) => {
    logError(error, { msg: 'uncaught exception in the app\'s code: in Lambda this instance would end here, and the next request start a new one (a cold start)' });
  });
  process.on('unhandledRejection', (reason) => {
    logError(reason, { msg: 'a promise rejected with nothing awaiting it (the app\'s code): in Lambda this instance would end here, and the next request start a new one (a cold start)' });
  });
}
