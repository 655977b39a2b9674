import { Anchor, Badge, Button, Group, Paper, Progress as ProgressBar, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { Progress, type CourseOverview as Course } from '@portal/contract';
import { Link } from 'react-router';
import { formatDate } from '../../../i18n/i18n';
import { courseLinks } from '../links';
import { CertificateButton } from './certificate-button';
import { courseText, type CourseMessageKey } from '../messages';

const PROGRESS_COLOR = { [Progress.COMPLETED]: 'green', [Progress.IN_PROGRESS]: 'blue', [Progress.PENDING]: 'gray' } as const;

/** The course at a glance: progress, modules and lessons, and the test. */
export function CourseOverview({ course }: { course: Course }) {
  const lessons = course.modules.flatMap((m) => m.lessons);
  const nextLesson = lessons.find((l) => !l.completed);
  const percent = course.totalLessons ? Math.round((course.completedLessons / course.totalLessons) * 100) : 0;
  const progressText = courseText('course.progress', { done: course.completedLessons, total: course.totalLessons });

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap="xs">
        <Title order={2}>{course.title}</Title>
        <Text>{course.description}</Text>
        <Text size="sm" fw={500}>
          {progressText}
        </Text>
        <ProgressBar value={percent} aria-label={progressText} />
        {nextLesson && (
          <div>
            <Button component={Link} to={courseLinks.lesson(nextLesson.id)} mt="xs">
              {course.completedLessons === 0 ? courseText('course.start') : courseText('course.continue', { title: nextLesson.title })}
            </Button>
          </div>
        )}
      </Stack>

      <Stack gap="md">
        <Title order={2} size="h3">
          {courseText('course.modules')}
        </Title>
        {course.modules.map((m, i) => (
          <Paper key={m.id} withBorder radius="md" p="md" component="section" aria-labelledby={`module-${m.id}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={3} size="h4" id={`module-${m.id}`}>
                  {courseText('course.module', { n: i + 1, title: m.title })}
                </Title>
                <Badge variant="light" color={PROGRESS_COLOR[m.progress]} c="dark.8" style={{ flexShrink: 0 }}>
                  {courseText(`course.progress.${m.progress}` as CourseMessageKey)}
                </Badge>
              </Group>
              <Text size="sm">{m.summary}</Text>
              <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
                {m.lessons.map((l) => (
                  <Group component="li" key={l.id} gap="xs" wrap="nowrap">
                    <ThemeIcon variant="transparent" color={l.completed ? 'green.8' : 'gray.6'} size="sm" aria-hidden="true">
                      {l.completed ? <IconCircleCheck size={18} /> : <IconCircle size={18} />}
                    </ThemeIcon>
                    <Anchor component={Link} to={courseLinks.lesson(l.id)} c="blue.8">
                      {l.title}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {courseText('course.minutes', { minutes: l.minutes })} ·{' '}
                      {l.completed ? courseText('course.lessonCompleted') : courseText('course.lessonNotCompleted')}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Stack>
          </Paper>
        ))}
      </Stack>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="course-test-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="course-test-heading">
            {courseText('course.test.heading')}
          </Title>
          {course.test.passed && course.test.passedAt ? (
            <>
              <Group gap="xs">
                <IconCircleCheck size={20} color="var(--mantine-color-green-8)" aria-hidden="true" />
                <Text fw={500}>{courseText('course.test.passedOn', { date: formatDate(course.test.passedAt), percent: course.test.bestPercent ?? 0 })}</Text>
              </Group>
              <Group gap="sm">
                <CertificateButton />
                <Button component={Link} to={courseLinks.test()} variant="default">
                  {courseText('course.test.retry')}
                </Button>
              </Group>
            </>
          ) : course.test.available ? (
            <>
              <Text>{courseText('course.test.intro', { count: course.test.questionCount, percent: course.test.passPercent })}</Text>
              {course.test.attempts > 0 && (
                <Text size="sm">{courseText('course.test.attempts', { count: course.test.attempts, percent: course.test.bestPercent ?? 0 })}</Text>
              )}
              <div>
                <Button component={Link} to={courseLinks.test()}>
                  {course.test.attempts > 0 ? courseText('course.test.retry') : courseText('course.test.start')}
                </Button>
              </div>
            </>
          ) : (
            <Group gap="xs">
              <IconLock size={18} aria-hidden="true" />
              <Text>{courseText('course.test.locked')}</Text>
            </Group>
          )}
          <Text size="sm" c="dimmed">
            {courseText('course.listedHint')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
