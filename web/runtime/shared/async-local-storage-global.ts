/**
 * Gives the app's server code the global `AsyncLocalStorage` Next's runtimes have (edge routes
 * and middleware use it without an import): imported first in the render bundle of an app
 * whose server files name it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
