import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { MESSAGES, errorText } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { PageLoader } from '../../../components/page-loader';
import { useSystemStore } from '../../../store/system-store';
import { useCompleteLesson } from '../api/complete-lesson';
import { useLesson } from '../api/get-lesson';
import { courseLinks } from '../links';
import { LessonBody } from './lesson-body';
import { courseText } from '../messages';

/** One lesson, read and marked completed; completing moves on to the next lesson (or back to the course). */
export function LessonView({ lessonId }: { lessonId: string }) {
  const lesson = useLesson(lessonId);
  const complete = useCompleteLesson();
  const navigate = useNavigate();
  const showError = useSystemStore((s) => s.showError);
  const heading = useRef<HTMLHeadingElement>(null);

  // Focus moves to the heading once per lesson shown, not on each refetch of the same one.
  const shownId = lesson.data?.id;
  useEffect(() => {
    if (shownId) heading.current?.focus();
  }, [shownId]);

  if (lesson.isPending) return <PageLoader />;
  if (lesson.isError) {
    return (
      <Stack gap="sm">
        <LoadFailed title={courseText('course.loadFailed')} message={errorText(lesson.error)} onRetry={() => void lesson.refetch()} />
        <Anchor component={Link} to={courseLinks.overview()} c="blue.8">
          {courseText('course.overview')}
        </Anchor>
      </Stack>
    );
  }
  const l = lesson.data;
  const onComplete = () =>
    complete.mutate(l.id, {
      onSuccess: (overview) => void navigate(l.nextId ? courseLinks.lesson(l.nextId) : overview.completed ? courseLinks.test() : courseLinks.overview()),
      onError: (e) => showError(errorText(e, MESSAGES.commonError)),
    });

  return (
    <Stack gap="md" component="article" aria-labelledby="lesson-title">
      <Anchor component={Link} to={courseLinks.overview()} c="blue.8" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden="true" />
          {courseText('course.overview')}
        </Group>
      </Anchor>
      <div>
        <Text size="sm" c="dimmed">
          {l.moduleTitle} · {courseText('course.minutes', { minutes: l.minutes })}
        </Text>
        <Group gap="sm" align="center">
          <Title order={2} id="lesson-title" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {l.title}
          </Title>
          {l.completed && (
            <Badge color="green" variant="light" c="dark.8" leftSection={<IconCircleCheck size={14} aria-hidden="true" />}>
              {courseText('course.lessonCompleted')}
            </Badge>
          )}
        </Group>
      </div>
      <LessonBody body={l.body} />
      <Group justify="space-between" mt="md" maw={760}>
        {l.previousId ? (
          <Button component={Link} to={courseLinks.lesson(l.previousId)} variant="default">
            {courseText('course.previous')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          {l.completed && l.nextId && (
            <Button component={Link} to={courseLinks.lesson(l.nextId)} variant="default">
              {courseText('course.next')}
            </Button>
          )}
          <Button onClick={onComplete} loading={complete.isPending}>
            {l.nextId ? courseText('course.markComplete') : courseText('course.markCompleteLast')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
