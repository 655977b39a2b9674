import { fuzzSuite } from './fuzz';

// Half of the 10,000 fuzz payloads (see fuzz.ts); fuzz-1.test.ts sends the other half.
fuzzSuite(1, 2);
