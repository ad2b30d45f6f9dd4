/** The styles compat app (compat/apps/styles) built with Stratus, against the answers Next.js gave. */
import { styles } from '../../compat/checks/styles';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/styles';

describeCompatApp(styles, observed);
