/** Every compat app with its checks, in the order the runner builds them. */
import type { CompatApp } from './types';
import { routing } from './routing';
import { data } from './data';
import { i18n } from './i18n';
import { errors } from './errors';
import { head } from './head';
import { link } from './link';
import { router } from './router';
import { image } from './image';
import { dynamic } from './dynamic';
import { script } from './script';
import { styles } from './styles';
import { env } from './env';
import { libraries } from './libraries';
import { api } from './api';
import { rules } from './rules';

export const COMPAT_APPS: CompatApp[] = [routing, data, i18n, errors, head, link, router, image, dynamic, script, styles, env, api, libraries, rules];

export function compatApp(name: string): CompatApp {
  const app = COMPAT_APPS.find((a) => a.name === name);
  if (!app) throw new Error(`no compat app "${name}": ${COMPAT_APPS.map((a) => a.name).join(', ')}`);
  return app;
}
