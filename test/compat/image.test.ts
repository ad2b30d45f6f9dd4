/** The image compat app (compat/apps/image) built with Stratus, against the answers Next.js gave. */
import { image } from '../../compat/checks/image';
import { describeCompatApp } from './helpers/compat-suite';
import { observed } from './observed/image';

describeCompatApp(image, observed);
