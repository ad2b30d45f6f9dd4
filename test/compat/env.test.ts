/** The env compat app (compat/apps/env) built with Stratus, against the answers Next.js gave. */
import { env } from '../../compat/checks/env';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/env';

describeCompatApp(env, observed);
