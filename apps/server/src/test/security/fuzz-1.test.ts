import { fuzzSuite } from './fuzz';

// Half of the 10,000 fuzz payloads (see fuzz.ts); fuzz-2.test.ts sends the other half.
fuzzSuite(0, 2);
