import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { COUNTRIES, WAREHOUSE_FIELDS, WarehouseInput, transforms } from '@portal/contract';
import { FormCard } from '../../../components/form-card';
import { applyServerErrors, schemaErrors, textInput, useContractForm, type FieldErrors } from '../../../lib/form';
import { useSaveWarehouse } from '../api/save-warehouse';
import { warehouseText, type WarehouseMessageKey } from '../messages';

export type WarehouseField = (typeof WAREHOUSE_FIELDS)[number];
export type WarehouseValues = Record<WarehouseField, string>;

export const emptyWarehouse = (): WarehouseValues => ({
  contactNumber: '',
  contactPerson: '',
  countryCode: '',
  name: '',
  postalCode: '',
  state: '',
  streetAddress: '',
  suburb: '',
});

const contractErrors = schemaErrors<WarehouseValues>(WarehouseInput);

/**
 * Each field checked with the contract's own schema: the same words the server answers with. An
 * empty field is left out: it keeps the submit disabled instead (anyEmpty).
 */
const warehouseErrors = (values: WarehouseValues): FieldErrors =>
  Object.fromEntries(Object.entries(contractErrors(values)).filter(([key]) => values[key as WarehouseField].trim() !== ''));

/** SPEC §5: the form is invalid while any of the eight fields is missing or empty. */
export const anyEmpty = (values: WarehouseValues) => WAREHOUSE_FIELDS.some((k) => values[k].trim() === '');

const label = (key: WarehouseField) => warehouseText(`warehouse.field.${key}` as WarehouseMessageKey);
const AUTOCOMPLETE: Record<Exclude<WarehouseField, 'countryCode'>, string> = {
  name: 'organization',
  contactPerson: 'name',
  contactNumber: 'tel',
  streetAddress: 'address-line1',
  suburb: 'address-level3',
  state: 'address-level1',
  postalCode: 'postal-code',
};

/**
 * The warehouse form (SPEC §3, §5): eight required fields; the submit stays disabled while any is
 * empty. A failed save keeps everything typed and says why (under the field when the server names one).
 */
export function WarehouseForm({ id, initial, onDone }: { id?: string; initial?: WarehouseValues; onDone: () => void }) {
  const { form, values, field, submit } = useContractForm<WarehouseValues>({
    initialValues: initial ?? emptyWarehouse(),
    validate: warehouseErrors,
    showOnBlur: true,
  });
  const save = useSaveWarehouse();
  const blocked = anyEmpty(values);
  const title = id ? warehouseText('warehouse.form.edit') : warehouseText('warehouse.form.new');
  const country = field('countryCode');

  const onSubmit = () =>
    submit((body) => {
      if (blocked) return;
      save.mutate(
        { id, body },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: id ? warehouseText('warehouse.updated') : warehouseText('warehouse.registered') });
            onDone();
          },
          onError: (e) => applyServerErrors(form, e),
        },
      );
    });

  const text = (key: Exclude<WarehouseField, 'countryCode'>, extra: { inputMode?: 'numeric' | 'tel'; transform?: (v: string) => string } = {}) => (
    <TextInput label={label(key)} {...textInput(field(key), extra.transform)} required autoComplete={AUTOCOMPLETE[key]} inputMode={extra.inputMode} />
  );

  return (
    <FormCard
      id="warehouse-form"
      title={title}
      onSubmit={onSubmit}
      save={save}
      saveLabel={id ? warehouseText('warehouse.form.save') : warehouseText('warehouse.register')}
      failedTitle={warehouseText('warehouse.form.failed')}
      cancelLabel={warehouseText('warehouse.form.cancel')}
      onCancel={onDone}
      disabled={blocked}
      describedBy="warehouse-form-hint"
    >
      <Text size="sm" c="gray.9" id="warehouse-form-hint">
        {warehouseText('warehouse.form.required')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {text('name')}
        {text('contactPerson')}
        {text('contactNumber', { inputMode: 'tel' })}
        {text('streetAddress')}
        {text('suburb')}
        {text('state')}
        {text('postalCode', { inputMode: 'numeric', transform: transforms.digitsOnly })}
        <Select
          label={label('countryCode')}
          data={COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
          value={country.value || null}
          onChange={(v) => country.onChange(v ?? '')}
          error={country.error}
          required
          clearable
          clearButtonProps={{ 'aria-label': warehouseText('warehouse.form.clearCountry') }}
          autoComplete="country"
        />
      </SimpleGrid>
    </FormCard>
  );
}
