import type { OnboardingBody, OnboardingDraft } from '@portal/contract';
import { emptyAddress, type AddressValues } from '../../components/practice/address-fields';
import type { SlotValues } from '../../components/practice/slot-fields';
import { browserZone } from '../../lib/browser-zone';

/** What the onboarding form holds: as typed, valid or not. */
export type OnboardingValues = {
  categoryID: number | null;
  hpcsaNumber: string;
  practiceNumber: string;
  description: string;
  languages: number[];
  specializations: number[];
  address: AddressValues;
  availability: SlotValues[];
};

export const STEPS = ['practice', 'picture', 'expertise', 'address', 'availability', 'terms'] as const;
export type StepKey = (typeof STEPS)[number];

export const emptyValues = (): OnboardingValues => ({
  categoryID: null,
  hpcsaNumber: '',
  practiceNumber: '',
  description: '',
  languages: [],
  specializations: [],
  address: emptyAddress(),
  availability: [{ dayOfWeek: 1, startTime: '09:00', endTime: '17:00' }],
});

export function fromDraft(draft: OnboardingDraft | null): { values: OnboardingValues; step: number } {
  const base = emptyValues();
  if (!draft) return { values: base, step: 0 };
  return {
    step: Math.min(Math.max(draft.step ?? 0, 0), STEPS.length - 1),
    values: {
      categoryID: draft.categoryID && draft.categoryID > 0 ? draft.categoryID : null,
      hpcsaNumber: draft.hpcsaNumber ?? '',
      practiceNumber: draft.practiceNumber ?? '',
      description: draft.description ?? '',
      languages: draft.languages ?? [],
      specializations: draft.specializations ?? [],
      address: { ...base.address, ...Object.fromEntries(Object.entries(draft.address ?? {}).filter(([, v]) => v !== undefined)) },
      availability: draft.availability
        ? draft.availability.map((s) => ({ dayOfWeek: s.dayOfWeek ?? null, startTime: s.startTime ?? '', endTime: s.endTime ?? '' }))
        : base.availability,
    },
  };
}

export function toDraft(values: OnboardingValues, step: number): OnboardingDraft {
  return {
    step,
    categoryID: values.categoryID,
    hpcsaNumber: values.hpcsaNumber,
    practiceNumber: values.practiceNumber,
    description: values.description,
    languages: values.languages,
    specializations: values.specializations,
    address: values.address,
    availability: values.availability,
  };
}

/** Which step shows a field (for an error the server reported). */
export function stepOfField(path: string): number {
  const head = path.split('.')[0]!;
  if (['categoryID', 'hpcsaNumber', 'practiceNumber', 'description'].includes(head)) return STEPS.indexOf('practice');
  if (head === 'languages' || head === 'specializations') return STEPS.indexOf('expertise');
  if (head === 'address') return STEPS.indexOf('address');
  if (head === 'availability') return STEPS.indexOf('availability');
  return STEPS.indexOf('terms');
}

/** The request body; call only once allErrors is empty. */
export function toBody(values: OnboardingValues, zone = browserZone()): OnboardingBody {
  return {
    categoryID: values.categoryID!,
    hpcsaNumber: values.hpcsaNumber,
    practiceNumber: values.practiceNumber,
    description: values.description,
    languages: values.languages,
    specializations: values.specializations,
    address: values.address as OnboardingBody['address'],
    availability: values.availability.map((s) => ({ dayOfWeek: s.dayOfWeek!, startTime: s.startTime, endTime: s.endTime })),
    // The practice's time zone when its address names none (decision 024).
    ...(zone ? { timeZone: zone } : {}),
  };
}
