/** A tiny event emitter with the `on`/`off`/`emit` shape of `Router.events`. */
export type Handler = (...args: any[]) => void;

export interface Emitter {
  on(type: string, handler: Handler): void;
  off(type: string, handler: Handler): void;
  emit(type: string, ...args: unknown[]): void;
}

export function createEmitter(): Emitter {
  const handlers = new Map<string, Set<Handler>>();
  return {
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler);
    },
    off(type, handler) {
      handlers.get(type)?.delete(handler);
    },
    emit(type, ...args) {
      for (const handler of [...(handlers.get(type) ?? [])]) handler(...args);
    },
  };
}
