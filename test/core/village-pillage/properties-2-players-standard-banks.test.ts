import { propertySuite } from './property-suite.js';

// VP-R5: two players on the standard Banks play by the 3-5 player rules.
propertySuite(2, { banks: 'standard' });
