/** The dynamic compat app (compat/apps/dynamic) built with Stratus, against the answers Next.js gave. */
import { dynamic } from '../../compat/checks/dynamic';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/dynamic';

describeCompatApp(dynamic, observed);
