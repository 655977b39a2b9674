import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES, errorText, type CalendarFeedLink } from '@portal/contract';
import { IconCalendarPlus, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { formatDate } from '../../../i18n/i18n';
import { useCalendarFeed, useNewCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';
import { settingsText } from '../messages';
import { NotLoaded } from './not-loaded';

type Confirming = 'regenerate' | 'revoke' | null;

/**
 * The practice's private calendar feed (decision 012): accepted sessions in the practitioner's own
 * calendar app. The address is shown once, when made (the server keeps only a hash of its token);
 * making a new one or turning it off needs a confirmation, since subscribed calendars stop updating.
 */
export function CalendarSection() {
  const feed = useCalendarFeed();
  const make = useNewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  if (!feed.isSuccess) return <NotLoaded query={feed} title={settingsText('settings.calendar.loadFailed')} />;

  const close = () => {
    setConfirming(null);
    make.reset();
    revoke.reset();
  };
  const makeAddress = (after?: () => void) =>
    make.mutate(undefined, {
      onSuccess: (made) => {
        setLink(made);
        after?.();
        notifications.show({ color: 'green', message: settingsText('settings.calendar.made') });
      },
    });
  const pending = make.isPending || revoke.isPending;

  return (
    <Stack gap="md" maw={760}>
      <Text size="sm">{settingsText('settings.calendar.hint')}</Text>
      {!feed.data.active ? (
        <>
          <Text>{settingsText('settings.calendar.off')}</Text>
          {make.isError && confirming === null && (
            <Text c="red.9" size="sm" role="alert">
              {errorText(make.error, MESSAGES.commonError)}
            </Text>
          )}
          <div>
            <Button leftSection={<IconCalendarPlus size={16} aria-hidden="true" />} loading={make.isPending} onClick={() => makeAddress()}>
              {settingsText('settings.calendar.make')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {link ? (
            <Stack gap="xs">
              <TextInput
                label={settingsText('settings.calendar.address')}
                value={link.url}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                description={settingsText('settings.calendar.shownOnce')}
              />
              <div>
                <CopyButton value={link.url}>
                  {({ copied, copy }) => (
                    <Button
                      variant="light"
                      leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
                      onClick={copy}
                    >
                      {copied ? settingsText('settings.calendar.copied') : settingsText('settings.calendar.copy')}
                    </Button>
                  )}
                </CopyButton>
              </div>
            </Stack>
          ) : (
            <Text>{settingsText('settings.calendar.on', { date: formatDate(feed.data.createdAt ?? new Date()) })}</Text>
          )}
          <Group gap="sm">
            <Button variant="default" onClick={() => setConfirming('regenerate')}>
              {settingsText('settings.calendar.regenerate')}
            </Button>
            <Button variant="subtle" c="red.9" onClick={() => setConfirming('revoke')}>
              {settingsText('settings.calendar.revoke')}
            </Button>
          </Group>
        </>
      )}
      <AppModal
        opened={confirming !== null}
        onClose={close}
        size="small"
        title={confirming === 'revoke' ? settingsText('settings.calendar.revokeTitle') : settingsText('settings.calendar.regenerateTitle')}
      >
        <Stack gap="md">
          <Text>{confirming === 'revoke' ? settingsText('settings.calendar.revokeBody') : settingsText('settings.calendar.regenerateBody')}</Text>
          {(make.isError || revoke.isError) && (
            <Text c="red.9" size="sm" role="alert">
              {errorText(make.error ?? revoke.error, MESSAGES.commonError)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              {settingsText('settings.calendar.cancel')}
            </Button>
            {confirming === 'revoke' ? (
              <Button
                color="red.9"
                loading={revoke.isPending}
                onClick={() =>
                  revoke.mutate(undefined, {
                    onSuccess: () => {
                      setLink(null);
                      close();
                      notifications.show({ color: 'green', message: settingsText('settings.calendar.revoked') });
                    },
                  })
                }
              >
                {settingsText('settings.calendar.revokeConfirm')}
              </Button>
            ) : (
              <Button loading={make.isPending} onClick={() => makeAddress(close)}>
                {settingsText('settings.calendar.regenerateConfirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
