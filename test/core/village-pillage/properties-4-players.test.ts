import { propertySuite } from './property-suite.js';

propertySuite(4);
