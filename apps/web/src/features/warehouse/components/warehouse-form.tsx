import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { COUNTRIES, WAREHOUSE_FIELDS, WarehouseInput, errorText, firstIssue, transforms } from '@portal/contract';
import { useState } from 'react';
import { SubmitForm } from '../../../components/submit-form';
import { isApiError } from '../../../lib/api-client';
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

/** Each field checked with the contract's own schema: the same words the server answers with. */
export function warehouseErrors(values: WarehouseValues): Partial<Record<WarehouseField, string>> {
  const out: Partial<Record<WarehouseField, string>> = {};
  for (const key of WAREHOUSE_FIELDS) {
    const message = firstIssue(WarehouseInput.shape[key], values[key]);
    if (message) out[key] = message;
  }
  return out;
}

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
  const [values, setValues] = useState<WarehouseValues>(initial ?? emptyWarehouse());
  const [touched, setTouched] = useState<Partial<Record<WarehouseField, boolean>>>({});
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const save = useSaveWarehouse();
  const errors = warehouseErrors(values);
  const blocked = anyEmpty(values);
  const title = id ? warehouseText('warehouse.form.edit') : warehouseText('warehouse.form.new');
  const shown = (key: WarehouseField) => ((tried || touched[key]) && values[key].trim() !== '' ? errors[key] : undefined) ?? server[key];

  const set = (key: WarehouseField, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServer(({ [key]: _drop, ...rest }) => rest);
  };

  const onSubmit = () => {
    setTried(true);
    if (blocked || Object.keys(errors).length) return;
    save.mutate(
      { id, body: values },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: id ? warehouseText('warehouse.updated') : warehouseText('warehouse.registered') });
          onDone();
        },
        onError: (e) => {
          if (isApiError(e) && e.status === 400 && e.fieldErrors) {
            setServer(Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
          }
        },
      },
    );
  };

  const text = (key: Exclude<WarehouseField, 'countryCode'>, extra: { inputMode?: 'numeric' | 'tel'; transform?: (v: string) => string } = {}) => (
    <TextInput
      label={label(key)}
      value={values[key]}
      onChange={(e) => set(key, extra.transform ? extra.transform(e.currentTarget.value) : e.currentTarget.value)}
      onBlur={() => setTouched((t) => ({ ...t, [key]: true }))}
      error={shown(key)}
      required
      autoComplete={AUTOCOMPLETE[key]}
      inputMode={extra.inputMode}
    />
  );
  // Field errors are shown under their fields; anything else (a server or network failure) here.
  const generalError =
    save.isError && !(isApiError(save.error) && save.error.status === 400 && save.error.fieldErrors)
      ? errorText(isApiError(save.error) ? save.error : null)
      : null;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="warehouse-form-title" maw={820}>
      <SubmitForm onSubmit={onSubmit}>
        <Stack gap="md">
          <Title order={2} size="h4" id="warehouse-form-title">
            {title}
          </Title>
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
              value={values.countryCode || null}
              onChange={(v) => set('countryCode', v ?? '')}
              error={server.countryCode}
              required
              clearable
              clearButtonProps={{ 'aria-label': warehouseText('warehouse.form.clearCountry') }}
              autoComplete="country"
            />
          </SimpleGrid>
          {generalError && (
            <Alert color="red" variant="light" c="dark.8" role="alert" title={warehouseText('warehouse.form.failed')}>
              {generalError}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} disabled={blocked} aria-describedby="warehouse-form-hint">
              {id ? warehouseText('warehouse.form.save') : warehouseText('warehouse.register')}
            </Button>
            <Button variant="default" onClick={onDone}>
              {warehouseText('warehouse.form.cancel')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Paper>
  );
}
