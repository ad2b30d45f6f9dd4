/** The router compat app (compat/apps/router) built with Stratus, against the answers Next.js gave. */
import { router } from '../../compat/checks/router';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/router';

describeCompatApp(router, observed);
