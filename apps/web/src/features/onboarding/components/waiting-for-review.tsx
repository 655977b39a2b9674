import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglass, IconMailForward, IconX } from '@tabler/icons-react';
import { PractitionerStatus } from '@portal/contract';
import { Link } from 'react-router';
import { NewTabHint } from '../../../components/new-tab-hint';
import { config } from '../../../config/env';
import { paths } from '../../../config/paths';
import { onboardingText } from '../messages';

/** What the waiting practitioner is told, each beside its icon: the review, then what to do meanwhile. */
const WAITING_NOTES = [
  { Icon: IconHourglass, text: 'review.text' },
  { Icon: IconMailForward, text: 'review.meanwhile' },
] as const;

/**
 * After registering: the provider reviews the practice (a few hours, confirmed by email). The
 * practitioner can take the course meanwhile, or a demo tour of the portal.
 */
export function WaitingForReview({ status, onStartTour }: { status: number; onStartTour: () => void }) {
  if (status === PractitionerStatus.DECLINED) {
    return (
      <Paper withBorder p="lg" radius="md" maw={720}>
        <Stack gap="sm">
          <Group gap="sm">
            <ThemeIcon color="red" variant="light" size="lg" aria-hidden="true">
              <IconX size={20} />
            </ThemeIcon>
            <Text fw={600} size="lg" component="h2">
              {onboardingText('review.declinedHeading')}
            </Text>
          </Group>
          <Text>{onboardingText('review.declined')}</Text>
          <Anchor href={config.contactUrl} target="_blank" rel="noopener noreferrer" c="blue.8">
            {onboardingText('review.contact')}
            <NewTabHint />
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <Stack gap="md">
        {WAITING_NOTES.map(({ Icon, text }) => (
          <Group key={text} gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon color="blue" variant="light" size="lg" aria-hidden="true">
              <Icon size={20} />
            </ThemeIcon>
            <Text>{onboardingText(text)}</Text>
          </Group>
        ))}
        <Group gap="sm">
          <Button onClick={onStartTour}>{onboardingText('review.tour')}</Button>
          <Button component={Link} to={paths.course()} variant="default">
            {onboardingText('review.course')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
