import { Alert, Button, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { errorText, type KitRow, type SessionSummary } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailed } from '../../../components/load-failed';
import { AppModal } from '../../../components/app-modal';
import { formatDate, t } from '../../../i18n/i18n';
import { isKitTaken, useAssignKit } from '../api/assign-kit';
import { useAssignableSessions } from '../api/get-assignable-sessions';
import { kitsText } from '../messages';

const nameOf = (s: SessionSummary) => `${s.user.firstName} ${s.user.lastName}`.trim();

/** Choose one of the accepted sessions without a kit, confirm, then assign (PUT /portal/sessions/{id}/kit). */
export function AssignToSessionModal({ kit, onClose }: { kit: KitRow | null; onClose: () => void }) {
  return (
    <AppModal
      size="medium"
      opened={kit !== null}
      onClose={onClose}
      title={kit ? kitsText('kits.assign.title', { label: kit.sampleLabel }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {kit && <AssignSteps kit={kit} onClose={onClose} />}
    </AppModal>
  );
}

function AssignSteps({ kit, onClose }: { kit: KitRow; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 300);
  const [chosen, setChosen] = useState<SessionSummary | null>(null);
  const [confirming, setConfirming] = useState(false);
  const sessions = useAssignableSessions(search, true);
  const assign = useAssignKit();
  // A choice hidden by a later search does not count: what is confirmed is what is on screen.
  const chosenShown = Boolean(chosen && sessions.data?.some((s) => s.id === chosen.id));

  if (confirming && chosen) {
    const name = nameOf(chosen);
    const taken = isKitTaken(assign.error);
    const onAssign = () =>
      assign.mutate(
        { sessionId: chosen.id, body: { sampleLabel: kit.sampleLabel } },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: kitsText('kits.assign.done', { label: kit.sampleLabel, name }) });
            onClose();
          },
        },
      );
    if (taken)
      // The kit is gone: the dialog says so and what to do next, nothing of the assignment it was about.
      // The catalogue's text and the next step are two statements (a heading and a line), not one run-on
      // sentence. The table behind is read again (useAssignKit).
      return (
        <Stack gap="md">
          <Alert color="red" variant="light" c="dark.8" role="alert" title={errorText(assign.error)}>
            {kitsText('kits.assign.takenHint')}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button onClick={onClose} data-autofocus>
              {kitsText('kits.assign.close')}
            </Button>
          </Group>
        </Stack>
      );
    return (
      <Stack gap="md">
        <Text>{kitsText('kits.assign.confirm', { label: kit.sampleLabel, name })}</Text>
        {assign.isError && (
          <Alert color="red" variant="light" c="dark.8" role="alert">
            {errorText(assign.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={assign.isPending}>
            {kitsText('kits.assign.back')}
          </Button>
          <Button onClick={onAssign} loading={assign.isPending}>
            {kitsText('kits.assign.ok')}
          </Button>
        </Group>
      </Stack>
    );
  }

  let list;
  if (sessions.isPending) list = <Loader size="sm" aria-label={t('common.loading')} role="status" />;
  else if (sessions.isError)
    list = <LoadFailed title={kitsText('kits.assign.loadFailed')} message={errorText(sessions.error)} onRetry={() => void sessions.refetch()} />;
  else if (sessions.data.length === 0) list = <Text c="gray.9">{search ? kitsText('kits.assign.noneSearch') : kitsText('kits.assign.none')}</Text>;
  else
    list = (
      <Radio.Group
        label={kitsText('kits.assign.choose')}
        value={chosen?.id ?? null}
        onChange={(id) => setChosen(sessions.data.find((s) => s.id === id) ?? null)}
      >
        <Stack gap="xs" mt="xs">
          {sessions.data.map((s) => (
            <Radio key={s.id} value={s.id} label={`${nameOf(s)}, ${kitsText('kits.assign.booking', { date: formatDate(s.bookingTime) })}`} />
          ))}
        </Stack>
      </Radio.Group>
    );

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={kitsText('kits.assign.search')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        data-autofocus
      />
      {list}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {kitsText('kits.assign.cancel')}
        </Button>
        <Button onClick={() => setConfirming(true)} disabled={!chosenShown}>
          {kitsText('kits.assign.next')}
        </Button>
      </Group>
    </Stack>
  );
}
