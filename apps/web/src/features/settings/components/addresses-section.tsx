import { Button, Group, Stack, Text } from '@mantine/core';
import { COUNTRIES, MESSAGES, errorText, type Address, type AddressInput } from '@portal/contract';
import { DefaultBadge, MakeDefaultButton } from '../../../components/default-choice';
import { AddressFields, emptyAddress, type AddressValues } from '../../../components/practice/address-fields';
import { practiceChecks } from '../../../components/practice/practice-checks';
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
import { EditableList } from './editable-list';

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

  if (!addresses.isSuccess) return <NotLoaded query={addresses} title={settingsText('settings.addresses.loadFailed')} />;

  return (
    <Stack gap="md" maw={760}>
      <EditableList
        items={addresses.data}
        empty={settingsText('settings.addresses.empty')}
        addLabel={settingsText('settings.addresses.add')}
        edit={(a, done) => <AddressForm title={settingsText('settings.addresses.editTitle')} initial={toValues(a)} id={a.id} onDone={done} />}
        create={(done) => <AddressForm title={settingsText('settings.addresses.new')} initial={emptyAddress()} onDone={done} />}
        row={(a, edit) => (
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={500}>{a.streetAddress}</Text>
              <Text size="sm">
                {a.suburb}, {a.city}, {a.state}, {a.postalCode}, {country(a.countryCode)}
              </Text>
            </div>
            <Group gap="xs">
              {a.primary ? (
                <DefaultBadge label={settingsText('settings.addresses.primary')} />
              ) : (
                <MakeDefaultButton
                  label={settingsText('settings.addresses.makePrimary')}
                  ariaLabel={`${settingsText('settings.addresses.makePrimary')}: ${a.streetAddress}`}
                  loading={setPrimary.isPending && setPrimary.variables === a.id}
                  onClick={() => setPrimary.mutate(a.id, { onError: (e) => showError(errorText(e, MESSAGES.commonError)) })}
                />
              )}
              <Button size="xs" variant="subtle" onClick={edit} aria-label={`${settingsText('settings.addresses.edit')}: ${a.streetAddress}`}>
                {settingsText('settings.addresses.edit')}
              </Button>
            </Group>
          </Group>
        )}
      />
    </Stack>
  );
}

function AddressForm({ title, initial, id, onDone }: { title: string; initial: AddressValues; id?: string; onDone: () => void }) {
  const { form, field, submit } = useContractForm({
    initialValues: initial,
    checks: practiceChecks,
    validate: (values, checks) => checks.addressErrors(values),
  });
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
