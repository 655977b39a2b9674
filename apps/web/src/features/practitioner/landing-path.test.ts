import { describe, expect, it } from 'vitest';
import { isAccepted, landingPath } from './landing-path';

describe('landingPath', () => {
  it('sends an accepted practitioner to Summary', () => {
    expect(landingPath({ status: 2 })).toBe('/summary');
  });

  it('sends created and declined practitioners to Course', () => {
    expect(landingPath({ status: 1 })).toBe('/course');
    expect(landingPath({ status: 3 })).toBe('/course');
  });

  it('sends a user without a practitioner profile to Onboarding', () => {
    expect(landingPath(null)).toBe('/onboarding');
    expect(landingPath(undefined)).toBe('/onboarding');
  });

  it('counts only status 2 as accepted', () => {
    expect(isAccepted({ status: 2 })).toBe(true);
    expect(isAccepted({ status: 1 })).toBe(false);
    expect(isAccepted({ status: 3 })).toBe(false);
    expect(isAccepted(null)).toBe(false);
  });
});
