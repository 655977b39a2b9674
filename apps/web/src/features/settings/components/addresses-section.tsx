import { Badge, Button, Group, Stack, Text, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { COUNTRIES, MESSAGES, errorText, type Address, type AddressInput } from '@portal/contract';
import { useState } from 'react';
import { AddressFields, addressErrors, emptyAddress, type AddressValues } from '../../../components/practice/address-fields';
import { useSystemStore } from '../../../store/system-store';
import { useAddAddress } from '../api/add-address';
import { useAddresses } from '../api/get-addresses';
import { useSetPrimaryAddress } from '../api/set-primary-address';
import { useUpdateAddress } from '../api/update-address';
import { useContractForm } from '../../../lib/form';
import { useSaveFailed } from './field-errors';
import { settingsText } from '../messages';
import { NotLoaded } from './not-loaded';
import { EditorCard } from './editor-card';

const country = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;
const toValues = (a: Address): AddressValues => ({
  streetAddress: a.streetAddress,
  suburb: a.suburb,
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  countryCode: a.countryCode,
});

/** The practice's addresses: list, add, edit, set the primary one. */
export function AddressesSection() {
  const addresses = useAddresses();
  const setPrimary = useSetPrimaryAddress();
  const showError = useSystemStore((s) => s.showError);
  const [editing, setEditing] = useState<string | 'new' | null>(null);

  if (!addresses.isSuccess) return <NotLoaded query={addresses} title={settingsText('settings.addresses.loadFailed')} />;

  return (
    <Stack gap="md" maw={760}>
      {addresses.data.length === 0 && editing !== 'new' && <Text>{settingsText('settings.addresses.empty')}</Text>}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {addresses.data.map((a) =>
          editing === a.id ? (
            <li key={a.id}>
              <AddressForm title={settingsText('settings.addresses.editTitle')} initial={toValues(a)} id={a.id} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <Paper key={a.id} component="li" withBorder radius="md" p="md">
              <Group justify="space-between" align="flex-start">
                <div>
                  <Text fw={500}>{a.streetAddress}</Text>
                  <Text size="sm">
                    {a.suburb}, {a.city}, {a.state}, {a.postalCode}, {country(a.countryCode)}
                  </Text>
                </div>
                <Group gap="xs">
                  {a.primary ? (
                    <Badge variant="light" color="green" c="dark.8">
                      {settingsText('settings.addresses.primary')}
                    </Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      loading={setPrimary.isPending && setPrimary.variables === a.id}
                      onClick={() => setPrimary.mutate(a.id, { onError: (e) => showError(errorText(e, MESSAGES.commonError)) })}
                      aria-label={`${settingsText('settings.addresses.makePrimary')}: ${a.streetAddress}`}
                    >
                      {settingsText('settings.addresses.makePrimary')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setEditing(a.id)}
                    aria-label={`${settingsText('settings.addresses.edit')}: ${a.streetAddress}`}
                  >
                    {settingsText('settings.addresses.edit')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ),
        )}
      </Stack>
      {editing === 'new' ? (
        <AddressForm title={settingsText('settings.addresses.new')} initial={emptyAddress()} onDone={() => setEditing(null)} />
      ) : (
        <div>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
            {settingsText('settings.addresses.add')}
          </Button>
        </div>
      )}
    </Stack>
  );
}

function AddressForm({ title, initial, id, onDone }: { title: string; initial: AddressValues; id?: string; onDone: () => void }) {
  const { form, field, submit } = useContractForm<AddressValues>({ initialValues: initial, validate: addressErrors });
  const onError = useSaveFailed(form);
  const add = useAddAddress();
  const update = useUpdateAddress();

  const onSubmit = () =>
    submit((values) => {
      const body = values as AddressInput;
      const handlers = { onSuccess: onDone, onError };
      if (id) update.mutate({ id, body }, handlers);
      else add.mutate(body, handlers);
    });

  return (
    <EditorCard title={title} saving={add.isPending || update.isPending} onSubmit={onSubmit} onCancel={onDone}>
      <AddressFields field={field} />
    </EditorCard>
  );
}
