/**
 * `next/config`: `getConfig()` for apps that still read `publicRuntimeConfig`. Stratus has
 * no runtime config: both objects are empty (use `NEXT_PUBLIC_*` variables, or `env`).
 */
const config = { publicRuntimeConfig: {} as Record<string, unknown>, serverRuntimeConfig: {} as Record<string, unknown> };

export default function getConfig() {
  return config;
}

export function setConfig(next: Partial<typeof config>): void {
  Object.assign(config, next);
}
