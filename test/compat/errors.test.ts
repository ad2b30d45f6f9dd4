/** The errors compat app (compat/apps/errors) built with Stratus, against the answers Next.js gave. */
import { errors } from '../../compat/checks/errors';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/errors';

describeCompatApp(errors, observed);
