import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCloudUpload, IconLock, IconPencil } from '@tabler/icons-react';
import { JOURNAL_LIMITS, JournalStatus, SessionStatus, errorText, type JournalEntry, type SessionJournal } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { AppModal } from '../../../components/app-modal';
import { TextAreaField, validateText } from '../../../components/text-area-field';
import { formatDate, once } from '../../../i18n/i18n';
import { journalsText } from '../messages';
import { config } from '../../../config/env';
import { useContractForm } from '../../../lib/form';
import { useSystemStore } from '../../../store/system-store';
import { useAddAddendum } from '../api/add-addendum';
import { journalKeys } from '../api/keys';
import { saveDraft } from '../api/save-draft';
import { useSubmitJournal } from '../api/submit-journal';
import { useAutosave, type SaveState } from '../../../lib/use-autosave';
import { SubmitForm } from '../../../components/submit-form';

const countFormat = once(() => new Intl.NumberFormat(config.defaultLocale));
const formatCount = (n: number) => countFormat().format(n);
const timeFormat = once(() => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }));

function NotSaved({ help }: { help: string }) {
  return (
    <Stack gap={2} role="status" aria-live="polite">
      <Group gap={6} c="red.9">
        <IconAlertTriangle size={16} aria-hidden />
        <Text fw={700} size="sm" c="red.9">
          {journalsText('journal.status.unsaved')}
        </Text>
      </Group>
      <Text size="sm" c="red.9">
        {help}
      </Text>
    </Stack>
  );
}

function SaveStatus({ state, savedAt, hasDraft }: { state: SaveState; savedAt: Date | null; hasDraft: boolean }) {
  // Text and icon, not colour alone; dark shades keep the contrast above WCAG AA.
  // Not saved: because the text is too long to send (kept here), or because the server cannot be reached.
  if (state === 'invalid') return <NotSaved help={journalsText('journal.status.tooLong', { max: formatCount(JOURNAL_LIMITS.max) })} />;
  if (state === 'saved' && !hasDraft) {
    return (
      <Group gap={6} role="status" aria-live="polite" c="gray.8">
        <IconPencil size={16} aria-hidden />
        <Text size="sm" fw={600} c="dark">
          {journalsText('journal.status.empty')}
        </Text>
      </Group>
    );
  }
  if (state === 'unsaved') return <NotSaved help={journalsText('journal.status.unsavedHelp')} />;
  return (
    <Group gap={6} role="status" aria-live="polite" c={state === 'saved' ? 'green.9' : 'gray.8'}>
      {state === 'saved' ? <IconCheck size={16} aria-hidden /> : <IconCloudUpload size={16} aria-hidden />}
      <Text size="sm" fw={600} c="dark">
        {state === 'saving'
          ? journalsText('journal.status.saving')
          : savedAt
            ? journalsText('journal.status.savedAt', { time: timeFormat().format(savedAt) })
            : journalsText('journal.status.saved')}
      </Text>
    </Group>
  );
}

function SubmittedEntry({ entry, addenda }: { entry: JournalEntry; addenda: JournalEntry[] }) {
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color="blue.9" variant="outline" leftSection={<IconLock size={14} aria-hidden />}>
          {JournalStatus.SUBMITTED}
        </Badge>
        <Text size="sm">{journalsText('journal.submittedOn', { date: formatDate(entry.submittedAt ?? entry.updatedAt) })}</Text>
      </Group>
      <Paper withBorder p="md">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{entry.description}</Text>
      </Paper>
      <Text size="sm" c="dimmed">
        {journalsText('journal.readOnly')}
      </Text>
      {addenda.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {journalsText('journal.addenda')}
          </Title>
          {addenda.map((a) => (
            <Paper key={a.id} withBorder p="md">
              <Text size="sm" fw={600}>
                {journalsText('journal.addendum.on', { date: formatDate(a.submittedAt ?? a.createdAt) })}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{a.description}</Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const addendumErrors = ({ text }: { text: string }) => {
  const message = validateText(text.trim(), { min: JOURNAL_LIMITS.min, max: JOURNAL_LIMITS.max, required: true });
  return message ? { text: message } : {};
};

function AddendumForm({ sessionId }: { sessionId: string }) {
  const { field, tried, submit, reset } = useContractForm<{ text: string }>({ initialValues: { text: '' }, validate: addendumErrors });
  const text = field('text');
  // A new field after each added addendum, so the emptied field does not greet with an error.
  const [round, setRound] = useState(0);
  const add = useAddAddendum(sessionId);
  const showError = useSystemStore((s) => s.showError);
  return (
    <SubmitForm
      onSubmit={() =>
        submit((values) =>
          add.mutate(values.text.trim(), {
            onSuccess: () => {
              reset();
              setRound((r) => r + 1);
              notifications.show({ color: 'green', message: journalsText('journal.addendum.added') });
            },
            onError: (err) => showError(errorText(err)),
          }),
        )
      }
    >
      <Stack gap="xs">
        <TextAreaField
          key={round}
          label={journalsText('journal.addendum.label')}
          value={text.value}
          onChange={text.onChange}
          min={JOURNAL_LIMITS.min}
          max={JOURNAL_LIMITS.max}
          required
          showErrors={tried}
        />
        <Group>
          <Button type="submit" loading={add.isPending}>
            {journalsText('journal.addendum.add')}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}

/** Keyed by the entry and its status, so a reload from the server (after a refusal) starts the editor afresh. */
export const editorKey = (journal: SessionJournal) => `${journal.entry?.id ?? 'new'}:${journal.entry?.status ?? ''}`;

/**
 * The journal of one session: a draft that saves itself while the session is accepted, a
 * confirmed submit that completes the session, then the read-only note with its addenda.
 */
export function JournalEditor({ sessionId, journal }: { sessionId: string; journal: SessionJournal }) {
  const client = useQueryClient();
  const showError = useSystemStore((s) => s.showError);
  const showSuccess = useSystemStore((s) => s.showSuccess);
  const submitted = journal.entry?.status === 'Submitted';
  const writable = !submitted && journal.sessionStatus === SessionStatus.ACCEPTED;
  const autosave = useAutosave({
    initial: journal.entry?.description ?? '',
    save: (value) => saveDraft(sessionId, value),
    enabled: writable,
    // Over the limit the server answers 400 (it counts UTF-16 units, as .length does): keep the text
    // here and say why instead of sending it.
    canSave: (value) => value.length <= JOURNAL_LIMITS.max,
  });
  const submit = useSubmitJournal(sessionId);
  const [confirming, setConfirming] = useState(false);
  const [tried, setTried] = useState(false);

  // A final refusal (submitted meanwhile in another tab, session no longer accepted): say so and reload the truth.
  useEffect(() => {
    if (!autosave.failure) return;
    showError(errorText(autosave.failure));
    void client.invalidateQueries({ queryKey: journalKeys.session(sessionId) });
  }, [autosave.failure, client, sessionId, showError]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => autosave.dirty && currentLocation.pathname !== nextLocation.pathname);

  if (submitted && journal.entry) {
    return (
      <Stack gap="lg">
        <SubmittedEntry entry={journal.entry} addenda={journal.addenda} />
        <AddendumForm sessionId={sessionId} />
      </Stack>
    );
  }
  if (!writable) {
    return (
      <Alert color="gray" icon={<IconLock size={18} aria-hidden />}>
        {journalsText('journal.notAccepted')}
      </Alert>
    );
  }

  const text = autosave.value;
  const invalid = validateText(text.trim(), { min: JOURNAL_LIMITS.min, max: JOURNAL_LIMITS.max, required: true });

  return (
    <Stack gap="sm">
      <Text size="sm">{journalsText('journal.help')}</Text>
      <TextAreaField
        label={journalsText('journal.label')}
        value={text}
        onChange={autosave.change}
        min={JOURNAL_LIMITS.min}
        max={JOURNAL_LIMITS.max}
        required
        showErrors={tried}
        minRows={8}
        maxRows={24}
      />
      <Group justify="space-between" align="flex-start">
        <SaveStatus state={autosave.state} savedAt={autosave.savedAt} hasDraft={Boolean(journal.entry) || autosave.savedAt !== null || autosave.value !== ''} />
        <Group>
          <Button variant="default" onClick={() => void autosave.flush()} disabled={autosave.state === 'saved' || autosave.state === 'invalid'}>
            {journalsText('journal.saveNow')}
          </Button>
          <Button
            onClick={() => {
              setTried(true);
              if (!invalid) setConfirming(true);
            }}
          >
            {journalsText('journal.submit')}
          </Button>
        </Group>
      </Group>

      <AppModal opened={confirming} onClose={() => setConfirming(false)} title={journalsText('journal.confirm.title')} size="medium">
        <Stack>
          <Text>{journalsText('journal.confirm.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {journalsText('journal.confirm.cancel')}
            </Button>
            <Button
              color="red.9"
              loading={submit.isPending}
              onClick={() => {
                autosave.cancelPending();
                const value = text.trim();
                submit.mutate(value, {
                  onSuccess: () => {
                    autosave.markSaved(value);
                    setConfirming(false);
                    showSuccess(journalsText('journal.submitted.body'), journalsText('journal.submitted.title'));
                  },
                  onError: (err) => {
                    setConfirming(false);
                    showError(errorText(err));
                    void client.invalidateQueries({ queryKey: journalKeys.session(sessionId) });
                  },
                });
              }}
            >
              {journalsText('journal.confirm.ok')}
            </Button>
          </Group>
        </Stack>
      </AppModal>

      <AppModal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={journalsText('journal.status.unsaved')} size="small">
        <Stack>
          <Text>{journalsText('journal.leaveWarning')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {journalsText('journal.confirm.cancel')}
            </Button>
            <Button color="red.9" onClick={() => blocker.proceed?.()}>
              {journalsText('journal.leave')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
