/** The libraries compat app (compat/apps/libraries) built with Stratus, against the answers Next.js gave. */
import { libraries } from '../../compat/checks/libraries';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/libraries';

describeCompatApp(libraries, observed);
