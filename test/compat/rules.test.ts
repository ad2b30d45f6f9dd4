/** The rules compat app (compat/apps/rules) built with Stratus, against the answers Next.js gave. */
import { rules } from '../../compat/checks/rules';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/rules';

describeCompatApp(rules, observed);
