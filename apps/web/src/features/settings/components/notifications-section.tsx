import { Button, Group, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  FEE_REMINDER_DAYS,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  timeZones,
  type NotificationDelivery,
  type NotificationSettings,
  type NotificationSettingsState,
} from '@portal/contract';
import { useMemo } from 'react';
import { SubmitForm } from '../../../components/submit-form';
import { useContractForm } from '../../../lib/form';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import { settingsText } from '../messages';
import { NotLoaded } from './not-loaded';
import { useSaveFailed } from './field-errors';

const same = (a: NotificationSettings, b: NotificationSettings) => NOTIFICATION_KINDS.every((k) => a[k] === b[k]) && a.timeZone === b.timeZone;

/**
 * Settings → Notifications (decision 013): for each kind of event, an e-mail instantly, in the daily
 * digest at 07:00 in the practice's time zone, or none. Until saved, every kind is sent instantly.
 * The time zone is the practice's (decision 024): from its address, else the browser's at
 * registration, until one is chosen here; the form shows it and says where it comes from.
 */
export function NotificationsSection({ email }: { email: string }) {
  const settings = useNotificationSettings();

  if (!settings.isSuccess) return <NotLoaded query={settings} title={settingsText('settings.notifications.loadFailed')} />;
  return <NotificationsForm email={email} state={settings.data} />;
}

const settingsOf = ({ saved: _saved, timeZoneSource: _source, ...settings }: NotificationSettingsState): NotificationSettings => settings;

function NotificationsForm({ email, state }: { email: string; state: NotificationSettingsState }) {
  const save = useSaveNotificationSettings();
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z.replaceAll('_', ' ') })), []);
  const { saved } = state;
  const stored = settingsOf(state);
  const { form, values, field, submit } = useContractForm<NotificationSettings>({
    initialValues: stored,
    // Every choice is one of the listed ones: only the server has anything to refuse.
    validate: () => ({}),
  });
  const onError = useSaveFailed(form);
  const changed = !saved || !same(values, stored);
  const timeZone = field('timeZone');

  const onSubmit = () =>
    submit((value) =>
      save.mutate(value, {
        onSuccess: (answer) => {
          // What the server now holds, as it says it (the form shows the saved settings from here on).
          form.setValues(settingsOf(answer));
          notifications.show({ color: 'green', message: settingsText('settings.notifications.saved') });
        },
        onError,
      }),
    );

  return (
    <SubmitForm onSubmit={onSubmit}>
      <Stack gap="lg" maw={760}>
        <Text size="sm">{settingsText('settings.notifications.hint', { email })}</Text>
        {!saved && (
          <Text size="sm" c="dimmed">
            {settingsText('settings.notifications.defaults')}
          </Text>
        )}
        <Stack gap="md" component="section" aria-labelledby="notification-kinds">
          <Title order={3} size="h5" id="notification-kinds">
            {settingsText('settings.notifications.kinds')}
          </Title>
          {NOTIFICATION_KINDS.map((kind) => {
            const choice = field(kind);
            return (
              <Radio.Group
                key={kind}
                label={settingsText(`settings.notifications.kind.${kind}`, { days: FEE_REMINDER_DAYS })}
                value={choice.value}
                onChange={(v) => choice.onChange(v as NotificationDelivery)}
                error={choice.error}
              >
                <Group gap="lg" mt={6}>
                  {NOTIFICATION_DELIVERIES.map((d) => (
                    <Radio key={d} value={d} label={settingsText(`settings.notifications.delivery.${d}`)} />
                  ))}
                </Group>
              </Radio.Group>
            );
          })}
        </Stack>
        <Select
          label={settingsText('settings.notifications.timeZone')}
          description={
            state.timeZoneSource === 'chosen'
              ? settingsText('settings.notifications.timeZoneHint')
              : `${settingsText('settings.notifications.timeZoneHint')} ${settingsText(`settings.notifications.zoneFrom.${state.timeZoneSource}`)}`
          }
          data={zones}
          value={timeZone.value}
          onChange={(z) => z && timeZone.onChange(z)}
          searchable
          allowDeselect={false}
          nothingFoundMessage={settingsText('settings.notifications.timeZoneEmpty')}
          error={timeZone.error}
          maw={420}
          comboboxProps={{ withinPortal: true }}
        />
        <Group gap="md">
          <Button type="submit" loading={save.isPending}>
            {settingsText('settings.save')}
          </Button>
          {changed && saved && (
            <Text size="sm" c="dimmed" role="status">
              {settingsText('settings.notifications.unsaved')}
            </Text>
          )}
        </Group>
      </Stack>
    </SubmitForm>
  );
}
