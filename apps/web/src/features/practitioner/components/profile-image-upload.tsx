import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import {
  MESSAGES,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  PROFILE_IMAGE_TYPES,
  PROFILE_IMAGE_WRONG_TYPE,
  errorText,
  sniffImageType,
  type ProfileImageType,
} from '@portal/contract';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useUploadProfileImage } from '../api/upload-profile-image';
import { practiceText } from '../../../components/practice/messages';

/** Checks a chosen file as the server will: its size, and its type by its first bytes (not its name). */
export async function checkImageFile(file: Blob): Promise<{ type: ProfileImageType } | { error: string }> {
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return { error: PROFILE_IMAGE_TOO_LARGE };
  if (file.size === 0) return { error: PROFILE_IMAGE_WRONG_TYPE };
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const type = sniffImageType(head);
  return type ? { type } : { error: PROFILE_IMAGE_WRONG_TYPE };
}

/** The profile picture: preview, choose, upload (type and size checked here and on the server). */
export function ProfileImageUpload({ current, name }: { current: string | null | undefined; name: string }) {
  const upload = useUploadProfileImage();
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();

  const onFile = async (file: File | null) => {
    if (!file) return;
    setError(null);
    const checked = await checkImageFile(file);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    upload.mutate(
      { contentType: checked.type, file },
      {
        onSuccess: () => notifications.show({ color: 'green', message: practiceText('practice.picture.uploaded') }),
        onError: (e) => {
          const field = isApiError(e) ? (e.fieldErrors?.data?.[0] ?? e.fieldErrors?.contentType?.[0]) : undefined;
          const message = field ?? errorText(e, MESSAGES.commonError);
          setError(message);
          notifications.show({ color: 'red', message });
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm" component="h3">
        {practiceText('practice.picture.label')}
      </Text>
      <Group gap="md" align="center">
        <Avatar
          src={current ?? null}
          alt={current ? practiceText('practice.picture.alt') : undefined}
          name={name || undefined}
          size={72}
          radius="xl"
          color="blue"
          variant="filled"
        />
        <FileButton onChange={(f) => void onFile(f)} accept={PROFILE_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden="true" />}
              loading={upload.isPending}
              aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
            >
              {current ? practiceText('practice.picture.change') : practiceText('practice.picture.choose')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text id={hintId} size="sm" c="dimmed">
        {practiceText('practice.picture.hint')}
      </Text>
      {error && (
        <Text id={errorId} size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
