/** The data compat app (compat/apps/data) built with Stratus, against the answers Next.js gave. */
import { data } from '../../compat/checks/data';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/data';

describeCompatApp(data, observed);
