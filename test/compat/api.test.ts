/** The api compat app (compat/apps/api) built with Stratus, against the answers Next.js gave. */
import { api } from '../../compat/checks/api';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/api';

describeCompatApp(api, observed);
