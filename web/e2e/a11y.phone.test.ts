/** Accessibility on a 390x844 touch phone (web/e2e/a11ySuite.ts says what and how). */
import { axeSuite } from './a11ySuite.ts';

axeSuite('phone');
