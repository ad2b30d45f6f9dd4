/** The script compat app (compat/apps/script) built with Stratus, against the answers Next.js gave. */
import { script } from '../../compat/checks/script';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/script';

describeCompatApp(script, observed);
