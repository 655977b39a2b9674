import { Alert, Anchor, Button, Group, List, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { MESSAGES, VALIDATION_MESSAGES, errorText, type CourseOverview, type TestAttemptResult } from '@portal/contract';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { PageLoader } from '../../../components/page-loader';
import { useContractForm } from '../../../lib/form';
import { useSystemStore } from '../../../store/system-store';
import { useCourseTest } from '../api/get-test';
import { useSubmitTest } from '../api/submit-test';
import { courseLinks } from '../links';
import { CertificateButton } from './certificate-button';
import { courseText } from '../messages';
import { SubmitForm } from '../../../components/submit-form';

/** The multiple-choice test: answered here, scored on the server, retried as often as needed. */
export function CourseTestView({ course }: { course: CourseOverview }) {
  const test = useCourseTest({ enabled: course.test.available });
  const submit = useSubmitTest();
  const showError = useSystemStore((s) => s.showError);
  // One chosen option per question, by question id; every question must be answered.
  const answers = useContractForm<Record<string, string>>({
    initialValues: {},
    validate: (chosen) => Object.fromEntries((test.data?.questions ?? []).filter((q) => !chosen[q.id]).map((q) => [q.id, VALIDATION_MESSAGES.REQUIRED])),
  });
  const [result, setResult] = useState<TestAttemptResult | null>(null);
  const top = useRef<HTMLHeadingElement>(null);

  if (!course.test.available) {
    return (
      <Stack gap="sm">
        <Title order={2}>{courseText('course.test.heading')}</Title>
        <Text>{courseText('course.test.locked')}</Text>
        <Anchor component={Link} to={courseLinks.overview()} c="blue.8">
          {courseText('course.overview')}
        </Anchor>
      </Stack>
    );
  }
  if (test.isPending) return <PageLoader />;
  if (test.isError) return <LoadFailed title={courseText('course.loadFailed')} message={errorText(test.error)} onRetry={() => void test.refetch()} />;

  const questions = test.data.questions;
  const lessonTitle = (id: string) => course.modules.flatMap((m) => m.lessons).find((l) => l.id === id)?.title ?? id;
  const unanswered = Object.keys(answers.errors).length;

  const onSubmit = () =>
    answers.submit((chosen) =>
      submit.mutate(chosen, {
        onSuccess: (r) => {
          setResult(r);
          requestAnimationFrame(() => top.current?.focus());
        },
        onError: (e) => showError(errorText(e, MESSAGES.commonError)),
      }),
    );

  if (result) {
    const wrong = result.questions.filter((q) => !q.correct);
    return (
      <Stack gap="md" maw={820}>
        <Title order={2} ref={top} tabIndex={-1} style={{ outline: 'none' }}>
          {courseText('course.test.heading')}
        </Title>
        <Alert
          color={result.passed ? 'green' : 'red'}
          variant="light"
          c="dark.8"
          icon={result.passed ? <IconCircleCheck aria-hidden="true" /> : <IconCircleX aria-hidden="true" />}
          role="status"
        >
          {result.passed
            ? courseText('course.test.passed', { percent: result.percent, correct: result.correct, total: result.total })
            : courseText('course.test.failed', { percent: result.percent, correct: result.correct, total: result.total, pass: test.data.passPercent })}
        </Alert>
        {result.passed ? (
          <>
            <Group gap="sm">
              <CertificateButton />
              <Button component={Link} to={courseLinks.overview()} variant="default">
                {courseText('course.overview')}
              </Button>
            </Group>
            <Stack gap="sm">
              {questions.map((q, i) => {
                const mark = result.questions.find((m) => m.id === q.id)!;
                const answer = q.options.find((o) => o.id === mark.correctOptionId)?.text ?? '';
                return (
                  <Paper key={q.id} withBorder p="sm" radius="md">
                    <Text fw={500}>
                      {i + 1}. {q.text}
                    </Text>
                    <Group gap={6} mt={4}>
                      {mark.correct ? (
                        <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-hidden="true" />
                      ) : (
                        <IconCircleX size={16} color="var(--mantine-color-red-8)" aria-hidden="true" />
                      )}
                      <Text size="sm">{mark.correct ? courseText('course.test.correct') : courseText('course.test.wrong')}</Text>
                    </Group>
                    <Text size="sm">{courseText('course.test.answer', { answer })}</Text>
                    {mark.explanation && (
                      <Text size="sm" c="dimmed">
                        {mark.explanation}
                      </Text>
                    )}
                  </Paper>
                );
              })}
            </Stack>
          </>
        ) : (
          <>
            <Text>{courseText('course.test.reread')}</Text>
            <List>
              {[...new Set(wrong.map((w) => w.lessonId))].map((id) => (
                <List.Item key={id}>
                  <Anchor component={Link} to={courseLinks.lesson(id)} c="blue.8">
                    {lessonTitle(id)}
                  </Anchor>
                </List.Item>
              ))}
            </List>
            <div>
              <Button
                onClick={() => {
                  setResult(null);
                  answers.reset();
                }}
              >
                {courseText('course.test.retry')}
              </Button>
            </div>
          </>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={820}>
      <Title order={2} ref={top} tabIndex={-1} style={{ outline: 'none' }}>
        {courseText('course.test.heading')}
      </Title>
      <Text>{courseText('course.test.intro', { count: questions.length, percent: test.data.passPercent })}</Text>
      <SubmitForm onSubmit={onSubmit}>
        <Stack gap="md">
          {questions.map((q, i) => {
            const answer = answers.field(q.id);
            return (
              <Paper key={q.id} withBorder p="md" radius="md">
                <Radio.Group
                  label={q.text}
                  description={courseText('course.test.question', { n: i + 1, total: questions.length })}
                  inputWrapperOrder={['description', 'label', 'input', 'error']}
                  value={answer.value ?? null}
                  onChange={answer.onChange}
                  error={answer.error}
                  required
                >
                  <Stack gap={8} mt="xs">
                    {q.options.map((o) => (
                      <Radio key={o.id} value={o.id} label={o.text} />
                    ))}
                  </Stack>
                </Radio.Group>
              </Paper>
            );
          })}
          {answers.tried && unanswered > 0 && (
            <Text c="red.8" role="alert">
              {courseText('course.test.unanswered', { count: unanswered })}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={submit.isPending}>
              {courseText('course.test.submit')}
            </Button>
            <Button component={Link} to={courseLinks.overview()} variant="default">
              {courseText('course.overview')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}
