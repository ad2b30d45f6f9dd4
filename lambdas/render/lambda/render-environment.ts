/**
 * What the environment gives the render core at cold start: the page store over the ports
 * ports/from-environment.ts picks (shared pages, the build's pages, lease), where invalidations go, draft
 * mode over its secret, and how long a regeneration may hold its lease.
 *
 * | variable | meaning |
 * |---|---|
 * | those of ports/from-environment.ts | which port implementations |
 * | `STRATUS_LEASE_MS` | how long a regeneration may hold its lease (default 30000) |
 */
import { createDraftMode } from '../api/draft-mode';
import { PageStore } from '../static/page-store';
import type { RenderAppOptions } from '../core/render-core';
import { portsFromEnvironment } from '../ports/from-environment';

export interface RenderEnvironment {
  store: PageStore;
  options: Pick<RenderAppOptions, 'invalidations' | 'draft' | 'leaseMs'>;
}

function positiveInteger(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * `buildDir`: the build folder around the function's own, when it runs from one (the local server).
 *
 * @example
 * const { store, options } = renderEnvironment(process.env, manifest.buildId, path.resolve(dir, '../..'));
 * createRenderApp(modules, manifest, store, { ...options, apiTimeoutMs });
 */
export function renderEnvironment(env: NodeJS.ProcessEnv, buildId: string, buildDir?: string): RenderEnvironment {
  const ports = portsFromEnvironment(env, buildDir);
  return {
    store: new PageStore({ shared: ports.shared, prerendered: ports.prerendered, published: ports.published, lease: ports.lease, buildId }),
    options: {
      invalidations: ports.invalidations,
      draft: createDraftMode(ports.draftSecret),
      leaseMs: positiveInteger(env.STRATUS_LEASE_MS),
    },
  };
}
