/** The routing compat app (compat/apps/routing) built with Stratus, against the answers Next.js gave. */
import { routing } from '../../compat/checks/routing';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/routing';

describeCompatApp(routing, observed);
