import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconHourglass, IconInfoCircle } from '@tabler/icons-react';
import { PractitionerStatus, errorText } from '@portal/contract';
import { useLocation, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { routes } from '../../config/paths';
import { useCourse } from '../../features/course/api/get-course';
import { CourseCard } from '../../features/course/components/course-card';
import { CourseOverview } from '../../features/course/components/course-overview';
import { CourseTestView } from '../../features/course/components/course-test';
import { LessonView } from '../../features/course/components/lesson-view';
import { usePractitionerMe } from '../../features/practitioner/api/get-practitioner-me';
import { DemoTour } from '../../features/tour/components/demo-tour';
import { useTourStore } from '../../features/tour/tour-store';
import { t } from '../../i18n/i18n';
import { onboardingText } from '../../features/onboarding/messages';
import { tourText } from '../../features/tour/messages';
import { courseText } from '../../features/course/messages';

/**
 * /courses lists the courses; /course is the onboarding course itself: the overview, a lesson
 * (?lesson=ID) or the test (?view=test). Non-accepted practitioners land here (SPEC §4), so the
 * page also says where the review stands and offers the demo tour again.
 */
const COLUMN = 880;

export function CoursePage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const course = useCourse();
  const practitioner = usePractitionerMe();
  const openTour = useTourStore((s) => s.open);
  const list = pathname.replace(/\/+$/, '') === routes.courses;
  const lessonId = params.get('lesson');
  const view = params.get('view');

  const status = practitioner.data?.status;
  const banner =
    status === PractitionerStatus.CREATED ? (
      // As wide as the course column under it (CourseOverview's 880), not the whole page.
      <Alert color="blue" variant="light" c="dark.8" icon={<IconHourglass aria-hidden="true" />} maw={COLUMN}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">{onboardingText('review.banner')}</Text>
          <Button size="xs" variant="white" onClick={openTour}>
            {onboardingText('review.tour')}
          </Button>
        </Group>
      </Alert>
    ) : status === PractitionerStatus.DECLINED ? (
      <Alert color="red" variant="light" c="dark.8" icon={<IconInfoCircle aria-hidden="true" />} title={onboardingText('review.declinedHeading')} maw={COLUMN}>
        {onboardingText('review.declined')}
      </Alert>
    ) : null;

  let content;
  if (course.isPending) content = <PageLoader />;
  else if (course.isError)
    content = <LoadFailed title={courseText('course.loadFailed')} message={errorText(course.error)} onRetry={() => void course.refetch()} />;
  else if (list) content = <CourseCard course={course.data} />;
  else if (lessonId) content = <LessonView key={lessonId} lessonId={lessonId} />;
  else if (view === 'test') content = <CourseTestView course={course.data} />;
  else content = <CourseOverview course={course.data} />;

  return (
    <Page title={t('title.course')}>
      <Stack gap="lg">
        {banner}
        {status === PractitionerStatus.ACCEPTED && !lessonId && view !== 'test' && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={openTour}>
              {tourText('tour.reopen')}
            </Button>
          </Group>
        )}
        {content}
      </Stack>
      <DemoTour />
    </Page>
  );
}
