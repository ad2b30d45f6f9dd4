/** The i18n compat app (compat/apps/i18n) built with Stratus, against the answers Next.js gave. */
import { i18n } from '../../compat/checks/i18n';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/i18n';

describeCompatApp(i18n, observed);
