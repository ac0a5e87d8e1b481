import { propertySuite } from './property-suite.js';

propertySuite(5);
