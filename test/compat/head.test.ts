/** The head compat app (compat/apps/head) built with Stratus, against the answers Next.js gave. */
import { head } from '../../compat/checks/head';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/head';

describeCompatApp(head, observed);
