/** The link compat app (compat/apps/link) built with Stratus, against the answers Next.js gave. */
import { link } from '../../compat/checks/link';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/link';

describeCompatApp(link, observed);
