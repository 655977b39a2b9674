import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { AddressInput, COUNTRIES, firstIssue, transforms } from '@portal/contract';
import { practiceText, type PracticeMessageKey } from './messages';

export interface AddressValues {
  streetAddress: string;
  suburb: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
}
export type AddressKey = keyof AddressValues;
export const ADDRESS_KEYS: AddressKey[] = ['streetAddress', 'suburb', 'city', 'state', 'postalCode', 'countryCode'];
export const emptyAddress = (): AddressValues => ({ streetAddress: '', suburb: '', city: '', state: '', postalCode: '', countryCode: 'ZA' });

/** Each field checked with the contract's own schema: the same words the server answers with. */
export function addressErrors(values: AddressValues): Partial<Record<AddressKey, string>> {
  const out: Partial<Record<AddressKey, string>> = {};
  for (const key of ADDRESS_KEYS) {
    const message = firstIssue(AddressInput.shape[key], values[key]);
    if (message) out[key] = message;
  }
  return out;
}

const LABELS: Record<AddressKey, PracticeMessageKey> = {
  streetAddress: 'practice.address.streetAddress',
  suburb: 'practice.address.suburb',
  city: 'practice.address.city',
  state: 'practice.address.state',
  postalCode: 'practice.address.postalCode',
  countryCode: 'practice.address.country',
};

/** The address fields; errors show once `showErrors` is set (a step or form was submitted). */
export function AddressFields({
  values,
  onChange,
  errors,
}: {
  values: AddressValues;
  onChange: (values: AddressValues) => void;
  errors: Partial<Record<AddressKey, string>>;
}) {
  const set = (key: AddressKey, value: string) => onChange({ ...values, [key]: value });
  const text = (key: Exclude<AddressKey, 'countryCode'>, autoComplete: string, extra: { inputMode?: 'numeric'; transform?: (v: string) => string } = {}) => (
    <TextInput
      label={practiceText(LABELS[key])}
      value={values[key]}
      onChange={(e) => set(key, extra.transform ? extra.transform(e.currentTarget.value) : e.currentTarget.value)}
      error={errors[key]}
      required
      autoComplete={autoComplete}
      inputMode={extra.inputMode}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {text('streetAddress', 'address-line1')}
      {text('suburb', 'address-level3')}
      {text('city', 'address-level2')}
      {text('state', 'address-level1')}
      {text('postalCode', 'postal-code', { inputMode: 'numeric', transform: transforms.digitsOnly })}
      <Select
        label={practiceText(LABELS.countryCode)}
        data={COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
        value={values.countryCode || null}
        onChange={(v) => set('countryCode', v ?? '')}
        error={errors.countryCode}
        required
        allowDeselect={false}
        autoComplete="country"
      />
    </SimpleGrid>
  );
}
