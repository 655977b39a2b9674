import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { COUNTRIES, transforms } from '@portal/contract';
import { textInput, type FieldProps } from '../../lib/form';
import { practiceText, type PracticeMessageKey } from './messages';

export type AddressValues = {
  streetAddress: string;
  suburb: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
};
export type AddressKey = keyof AddressValues;
export const emptyAddress = (): AddressValues => ({ streetAddress: '', suburb: '', city: '', state: '', postalCode: '', countryCode: 'ZA' });

const LABELS: Record<AddressKey, PracticeMessageKey> = {
  streetAddress: 'practice.address.streetAddress',
  suburb: 'practice.address.suburb',
  city: 'practice.address.city',
  state: 'practice.address.state',
  postalCode: 'practice.address.postalCode',
  countryCode: 'practice.address.country',
};

/** The address fields, each from its form (`field`): value, change and the error shown under it. */
export function AddressFields({ field }: { field: (key: AddressKey) => FieldProps<string> }) {
  const country = field('countryCode');
  const text = (key: Exclude<AddressKey, 'countryCode'>, autoComplete: string, extra: { inputMode?: 'numeric'; transform?: (v: string) => string } = {}) => (
    <TextInput label={practiceText(LABELS[key])} {...textInput(field(key), extra.transform)} required autoComplete={autoComplete} inputMode={extra.inputMode} />
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
        value={country.value || null}
        onChange={(v) => country.onChange(v ?? '')}
        error={country.error}
        required
        allowDeselect={false}
        autoComplete="country"
      />
    </SimpleGrid>
  );
}
