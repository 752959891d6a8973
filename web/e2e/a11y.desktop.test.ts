/** Accessibility at desktop size, and the language/font checks (web/e2e/a11ySuite.ts says what and how). */
import { axeSuite, languageSuite } from './a11ySuite.ts';

axeSuite('desktop');
languageSuite();
