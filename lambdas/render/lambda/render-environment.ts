/**
 * What the environment gives the render core at cold start: the page store over the ports
 * ports/from-environment.ts picks (shared pages, lease), where invalidations go, draft
 * mode over its secret, and how long a regeneration may hold its lease.
 *
 * | variable | meaning |
 * |---|---|
 * | those of ports/from-environment.ts | which port implementations |
 * | `STRATUS_LEASE_MS` | how long a regeneration may hold its lease (default 30000) |
 */
import type { PrerenderedPage } from '../../../contract/manifest';
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
 * @example
 * const { store, options } = renderEnvironment(process.env, path.join(dir, 'prerendered'), prerendered, manifest.buildId);
 * createRenderApp(modules, manifest, store, { ...options, apiTimeoutMs });
 */
export function renderEnvironment(env: NodeJS.ProcessEnv, prerenderedDir: string, prerendered: PrerenderedPage[], buildId: string): RenderEnvironment {
  const ports = portsFromEnvironment(env);
  return {
    store: new PageStore(prerenderedDir, prerendered, { shared: ports.shared, lease: ports.lease, buildId }),
    options: {
      invalidations: ports.invalidations,
      draft: createDraftMode(ports.draftSecret),
      leaseMs: positiveInteger(env.STRATUS_LEASE_MS),
    },
  };
}
