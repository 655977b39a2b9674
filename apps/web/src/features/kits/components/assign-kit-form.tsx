import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorText, firstIssue, normaliseSampleLabel, zSampleLabel } from '@portal/contract';
import { useState } from 'react';
import { SubmitForm } from '../../../components/submit-form';
import { isApiError } from '../../../lib/api-client';
import { useAssignKit } from '../api/assign-kit';
import { kitsText } from '../messages';

/** What went wrong, in the catalogue's words (400416 'You are trying to assign an already taken kit'). */
export function assignErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 404) return kitsText('kits.form.notFound');
  if (isApiError(error) && error.fieldErrors?.sampleLabel?.[0]) return error.fieldErrors.sampleLabel[0];
  return errorText(isApiError(error) ? error : null);
}

/** On an accepted session without a kit: type or scan a sample label from stock to assign it. */
export function AssignKitForm({ sessionId }: { sessionId: string }) {
  const [label, setLabel] = useState('');
  const [tried, setTried] = useState(false);
  const assign = useAssignKit();
  const invalid = firstIssue(zSampleLabel, label);
  const error = (tried ? invalid : null) ?? (assign.isError ? assignErrorText(assign.error) : null);

  const onSubmit = () => {
    setTried(true);
    if (invalid) return;
    const sampleLabel = normaliseSampleLabel(label);
    assign.mutate(
      { sessionId, body: { sampleLabel } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: kitsText('kits.form.done', { label: sampleLabel }) });
          setLabel('');
          setTried(false);
        },
      },
    );
  };

  return (
    <SubmitForm onSubmit={onSubmit} aria-labelledby="assign-kit-title">
      <Stack gap="xs">
        <Text fw={600} id="assign-kit-title">
          {kitsText('kits.form.title')}
        </Text>
        <Text size="sm" c="gray.9">
          {kitsText('kits.form.text')}
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={kitsText('kits.form.label')}
            placeholder={kitsText('kits.form.placeholder')}
            value={label}
            onChange={(e) => {
              setLabel(e.currentTarget.value);
              if (assign.isError) assign.reset();
            }}
            error={error}
            autoComplete="off"
            spellCheck={false}
            w={260}
          />
          <Button type="submit" loading={assign.isPending} mt={25}>
            {kitsText('kits.form.submit')}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
