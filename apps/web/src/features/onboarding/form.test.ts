import { describe, expect, it } from 'vitest';
import { allErrors, stepErrors } from './checks';
import { STEPS, emptyValues, fromDraft, stepOfField, toBody, toDraft, type OnboardingValues } from './form';

const valid = (): OnboardingValues => ({
  categoryID: 2,
  hpcsaNumber: 'mp 0123456',
  practiceNumber: '0123456',
  description: 'General practice with a focus on pharmacogenomics.',
  languages: [2],
  specializations: [1],
  address: { streetAddress: '1 Long Street', suburb: 'Gardens', city: 'Cape Town', state: 'Western Cape', postalCode: '8001', countryCode: 'ZA' },
  availability: [{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00' }],
});

describe('onboarding form', () => {
  it('round-trips through the server-side draft, invalid values included', () => {
    const values = { ...valid(), practiceNumber: '12a', languages: [] };
    const { values: back, step } = fromDraft(toDraft(values, 3));
    expect(back).toEqual(values);
    expect(step).toBe(3);
    expect(fromDraft(null)).toEqual({ values: emptyValues(), step: 0 });
  });

  it('checks each step with the contract’s validators and texts', () => {
    const v = { ...valid(), practiceNumber: '12-34', hpcsaNumber: '0123456', description: 'short' };
    expect(stepErrors('practice', v, true)).toEqual({
      hpcsaNumber: 'Value is not valid.',
      practiceNumber: 'Value is not valid.',
      description: 'Minimum chars not reached',
    });
    expect(stepErrors('practice', { ...v, categoryID: null }, true).categoryID).toBe('This field is required');
    expect(stepErrors('expertise', { ...v, languages: [] }, true)).toEqual({ languages: 'This field is required' });
    expect(stepErrors('address', { ...v, address: { ...v.address, postalCode: '80a1', city: '' } }, true)).toEqual({
      'address.postalCode': 'Value is not valid.',
      'address.city': 'This field is required',
    });
    expect(stepErrors('terms', v, false)).toEqual({ tosAccepted: 'This field is required' });
    expect(stepErrors('picture', v, false)).toEqual({});
  });

  it('refuses a slot that ends before it starts and slots that overlap', () => {
    const v = valid();
    expect(stepErrors('availability', { ...v, availability: [{ dayOfWeek: 2, startTime: '12:00', endTime: '09:00' }] }, true)).toEqual({
      'availability.0.endTime': 'The end time must be after the start time',
    });
    expect(
      stepErrors(
        'availability',
        {
          ...v,
          availability: [
            { dayOfWeek: 2, startTime: '09:00', endTime: '12:00' },
            { dayOfWeek: 2, startTime: '11:00', endTime: '13:00' },
          ],
        },
        true,
      ),
    ).toEqual({ 'availability.1.startTime': 'This slot overlaps another slot on the same day' });
    expect(stepErrors('availability', { ...v, availability: [] }, true)).toEqual({ availability: 'This field is required' });
  });

  it('maps a server field error to its step and builds the request body', () => {
    expect(stepOfField('hpcsaNumber')).toBe(STEPS.indexOf('practice'));
    expect(stepOfField('availability.1.startTime')).toBe(STEPS.indexOf('availability'));
    expect(stepOfField('address.city')).toBe(STEPS.indexOf('address'));
    expect(stepOfField('tosAccepted')).toBe(STEPS.indexOf('terms'));
    expect(allErrors(valid(), true)).toEqual({});
    expect(toBody(valid())).toMatchObject({ categoryID: 2, availability: [{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00' }] });
    // The browser's time zone goes with the registration (decision 024), when the runtime names one.
    expect(toBody(valid(), 'Africa/Johannesburg').timeZone).toBe('Africa/Johannesburg');
    expect(toBody(valid(), null)).not.toHaveProperty('timeZone');
  });
});
