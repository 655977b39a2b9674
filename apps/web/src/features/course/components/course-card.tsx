import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { CourseOverview } from '@portal/contract';
import { Link } from 'react-router';
import { courseLinks } from '../links';
import { CertificateButton } from './certificate-button';
import { courseText } from '../messages';

/** /courses: the courses the practitioner has (the required onboarding course), with progress. */
export function CourseCard({ course }: { course: CourseOverview }) {
  const progressText = courseText('course.progress', { done: course.completedLessons, total: course.totalLessons });
  return (
    <Paper withBorder radius="md" p="lg" maw={720} component="section" aria-labelledby="course-card-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h3" id="course-card-title">
            {course.title}
          </Title>
          <Badge variant="light" c="dark.8" style={{ flexShrink: 0 }}>
            {courseText('course.required')}
          </Badge>
        </Group>
        <Text>{course.description}</Text>
        <Text size="sm" fw={500}>
          {progressText}
        </Text>
        <Progress value={course.totalLessons ? (course.completedLessons / course.totalLessons) * 100 : 0} aria-label={progressText} />
        <Group gap="sm" mt="xs">
          <Button component={Link} to={courseLinks.overview()}>
            {courseText('course.open')}
          </Button>
          {course.test.passed && <CertificateButton variant="light" />}
        </Group>
      </Stack>
    </Paper>
  );
}
