import { describe, expect, it } from 'vitest';
import * as api from '../api';
import type { Endpoint } from '../endpoint';
import * as addresses from '.';

const modules = (m: Record<string, unknown>) => Object.entries(m).filter(([key]) => key.endsWith('Api')) as Array<[string, Record<string, Endpoint>]>;

describe('endpoint addresses', () => {
  // tsc checks each address against its endpoint's literal method, path and reply; this checks none is missing.
  it('every module and endpoint of the contract has its address, and nothing else (npx tsx packages/contract/scripts/write-addresses.ts)', () => {
    const expected = Object.fromEntries(
      modules(api).map(([key, endpoints]) => [
        key,
        Object.fromEntries(Object.entries(endpoints).map(([k, e]) => [k, { method: e.method, path: e.path, ...(e.reply ? { reply: e.reply } : {}) }])),
      ]),
    );
    expect(Object.fromEntries(modules(addresses))).toEqual(expected);
  });
});
