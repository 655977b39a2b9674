import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CURRENCIES, MESSAGES, PAYMENT_TYPE_LABELS, errorText, paymentIdentifierPlaceholder, type Currency, type PaymentDetails } from '@portal/contract';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { DefaultBadge, MakeDefaultButton } from '../../../components/default-choice';
import { config } from '../../../config/env';
import { applyServerErrors, textInput, useContractForm } from '../../../lib/form';
import { settingsChecks, type SettingsChecks } from '../settings-checks';
import { useAddPaymentDetails } from '../api/add-payment-details';
import { useUpdatePaymentDetails } from '../api/update-payment-details';
import { useMakeDefaultPaymentDetails } from '../api/make-default-payment-details';
import { useRemovePaymentDetails } from '../api/remove-payment-details';
import { usePaymentDetails } from '../api/get-payment-details';
import { settingsText } from '../messages';
import { NotLoaded } from './not-loaded';
import { EditorCard } from './editor-card';
import { EditableList } from './editable-list';

/** Payment details (SPEC §3, §5, §8): type, identifier with a placeholder per type, currency. */
export function PaymentSection() {
  const list = usePaymentDetails();
  const [removing, setRemoving] = useState<PaymentDetails | null>(null);
  const makeDefault = useMakeDefaultPaymentDetails();
  const remove = useRemovePaymentDetails();
  const closeRemove = () => {
    setRemoving(null);
    remove.reset();
  };

  if (!list.isSuccess) return <NotLoaded query={list} title={settingsText('settings.payment.loadFailed')} />;

  return (
    <Stack gap="md" maw={760}>
      <EditableList
        items={list.data}
        empty={settingsText('settings.payment.empty')}
        addLabel={settingsText('settings.payment.add')}
        edit={(p, done) => <PaymentForm title={settingsText('settings.payment.editTitle')} initial={p} onDone={done} />}
        create={(done) => <PaymentForm title={settingsText('settings.payment.new')} onDone={done} />}
        row={(p, edit) => (
          <Group justify="space-between">
            <div>
              <Group gap="xs">
                <Text fw={500}>{PAYMENT_TYPE_LABELS[p.type]}</Text>
                {p.isDefault && <DefaultBadge label={settingsText('settings.payment.default')} />}
              </Group>
              <Text size="sm">
                {p.identifier} · {p.currency}
              </Text>
            </div>
            <Group gap="xs">
              {!p.isDefault && (
                <MakeDefaultButton
                  label={settingsText('settings.payment.makeDefault')}
                  ariaLabel={`${settingsText('settings.payment.makeDefault')}: ${PAYMENT_TYPE_LABELS[p.type]} ${p.identifier}`}
                  loading={makeDefault.isPending && makeDefault.variables === p.id}
                  onClick={() =>
                    makeDefault.mutate(p.id, { onError: (e) => notifications.show({ color: 'red', message: errorText(e, MESSAGES.commonError) }) })
                  }
                />
              )}
              <Button
                size="xs"
                variant="subtle"
                onClick={edit}
                aria-label={`${settingsText('settings.payment.edit')}: ${PAYMENT_TYPE_LABELS[p.type]} ${p.identifier}`}
              >
                {settingsText('settings.payment.edit')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                c="red.9"
                onClick={() => setRemoving(p)}
                aria-label={`${settingsText('settings.payment.remove')}: ${PAYMENT_TYPE_LABELS[p.type]} ${p.identifier}`}
              >
                {settingsText('settings.payment.remove')}
              </Button>
            </Group>
          </Group>
        )}
      />
      <AppModal opened={removing !== null} onClose={closeRemove} size="small" title={settingsText('settings.payment.removeTitle')}>
        {removing && (
          <Stack gap="md">
            <Text>
              {settingsText(removing.isDefault && list.data.length > 1 ? 'settings.payment.removeDefaultBody' : 'settings.payment.removeBody', {
                what: `${PAYMENT_TYPE_LABELS[removing.type]} ${removing.identifier}`,
              })}
            </Text>
            {remove.isError && (
              <Text c="red.9" size="sm" role="alert">
                {errorText(remove.error, MESSAGES.commonError)}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={closeRemove} disabled={remove.isPending}>
                {settingsText('settings.payment.cancel')}
              </Button>
              <Button
                color="red.9"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(removing.id, {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: settingsText('settings.payment.removed') });
                      closeRemove();
                    },
                  })
                }
              >
                {settingsText('settings.payment.remove')}
              </Button>
            </Group>
          </Stack>
        )}
      </AppModal>
    </Stack>
  );
}

const defaultCurrency = (): Currency => ((CURRENCIES as readonly string[]).includes(config.currency) ? (config.currency as Currency) : 'ZAR');

export type PaymentValues = { type: 1 | 2 | null; identifier: string; currency: Currency };

export function PaymentForm({ title, initial, onDone }: { title: string; initial?: PaymentDetails; onDone: () => void }) {
  const { form, field, submit } = useContractForm<PaymentValues, SettingsChecks>({
    initialValues: {
      type: initial?.type ?? null,
      identifier: initial?.identifier ?? '',
      currency: (initial?.currency as Currency | undefined) ?? defaultCurrency(),
    },
    checks: settingsChecks,
    validate: (values, checks) => checks.paymentErrors(values),
  });
  const add = useAddPaymentDetails();
  const update = useUpdatePaymentDetails();
  const typeField = field('type');
  const currencyField = field('currency');

  const onSubmit = () =>
    submit(({ type, identifier, currency }) => {
      if (type === null) return;
      const body = { type, identifier, currency };
      const failed = initial ? MESSAGES.updatePaymentFailed : MESSAGES.addPaymentFailed;
      const handlers = {
        onSuccess: () => {
          notifications.show({ color: 'green', message: initial ? MESSAGES.paymentUpdated : MESSAGES.paymentAdded });
          onDone();
        },
        onError: (e: Error) => {
          applyServerErrors(form, e);
          notifications.show({ color: 'red', message: failed });
        },
      };
      if (initial) update.mutate({ id: initial.id, body }, handlers);
      else add.mutate(body, handlers);
    });

  return (
    <EditorCard title={title} saving={add.isPending || update.isPending} onSubmit={onSubmit} onCancel={onDone}>
      <Select
        label={settingsText('settings.payment.type')}
        placeholder={settingsText('settings.payment.typePlaceholder')}
        data={([1, 2] as const).map((v) => ({ value: String(v), label: PAYMENT_TYPE_LABELS[v] }))}
        value={typeField.value === null ? null : String(typeField.value)}
        onChange={(v) => {
          typeField.onChange(v ? (Number(v) as 1 | 2) : null);
          // Another type: what the server said about the identifier no longer applies either.
          form.clearErrors();
        }}
        error={typeField.error}
        allowDeselect={false}
        required
      />
      <TextInput
        label={settingsText('settings.payment.identifier')}
        placeholder={paymentIdentifierPlaceholder(typeField.value)}
        {...textInput(field('identifier'))}
        disabled={typeField.value === null}
        required
        autoComplete="off"
      />
      <Select
        label={settingsText('settings.payment.currency')}
        data={[...CURRENCIES]}
        value={currencyField.value}
        onChange={(v) => v && currencyField.onChange(v as Currency)}
        error={currencyField.error}
        allowDeselect={false}
        required
      />
    </EditorCard>
  );
}
