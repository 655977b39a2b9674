import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AssignKitBody, errorText, normaliseSampleLabel } from '@portal/contract';
import { SubmitForm } from '../../../components/submit-form';
import { isApiError } from '../../../lib/api-client';
import { schemaErrors, useContractForm } from '../../../lib/form';
import { useAssignKit } from '../api/assign-kit';
import { kitsText } from '../messages';

/** What went wrong, in the catalogue's words (400416 'You are trying to assign an already taken kit'). */
export function assignErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 404) return kitsText('kits.form.notFound');
  if (isApiError(error) && error.fieldErrors?.sampleLabel?.[0]) return error.fieldErrors.sampleLabel[0];
  return errorText(isApiError(error) ? error : null);
}

const labelErrors = schemaErrors<{ sampleLabel: string }>(AssignKitBody);

/** On an accepted session without a kit: type or scan a sample label from stock to assign it. */
export function AssignKitForm({ sessionId }: { sessionId: string }) {
  const { field, submit, reset } = useContractForm<{ sampleLabel: string }>({ initialValues: { sampleLabel: '' }, validate: labelErrors });
  const assign = useAssignKit();
  const label = field('sampleLabel');
  // Every failure shows under the field, the catalogue's word included (not only a 400's fieldErrors).
  const error = label.error ?? (assign.isError ? assignErrorText(assign.error) : null);

  const onSubmit = () =>
    submit((values) => {
      const sampleLabel = normaliseSampleLabel(values.sampleLabel);
      assign.mutate(
        { sessionId, body: { sampleLabel } },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: kitsText('kits.form.done', { label: sampleLabel }) });
            reset();
          },
        },
      );
    });

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
            value={label.value}
            onChange={(e) => {
              label.onChange(e.currentTarget.value);
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
