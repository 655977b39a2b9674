import { Anchor, Badge, Box, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconClock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';

import { useQuestionnaire } from '../api/get-questionnaire';
import { useQuestionnaires } from '../api/get-questionnaires';
import { formatShortDate } from '../format';
import type { Answer, Question, Questionnaire } from '../types';
import { LoadFailed, NoDataAccess, isNotFound } from './session-gate';
import { sessionsText } from '../messages';

/** An answer counts when it says something: not missing, not blank, not an empty choice. */
export function hasAnswer(answer: Answer | undefined): answer is Answer {
  if (answer === undefined || answer === null) return false;
  if (Array.isArray(answer)) return answer.some((a) => a.trim() !== '');
  return answer.trim() !== '';
}

export function answeredCount(q: Questionnaire): number {
  return q.questions.filter((question) => hasAnswer(q.answers[question.id])).length;
}

function CompletionBadge({ q }: { q: Questionnaire }) {
  return q.completedAt ? (
    <Badge variant="light" color="green" c="dark.7" tt="none" leftSection={<IconCircleCheck size={12} aria-hidden="true" />}>
      {sessionsText('sessions.questionnaires.completedOn', { date: formatShortDate(q.completedAt) })}
    </Badge>
  ) : (
    <Badge variant="light" color="gray" c="dark.7" tt="none" leftSection={<IconClock size={12} aria-hidden="true" />}>
      {sessionsText('sessions.questionnaires.notCompleted')}
    </Badge>
  );
}

/** The patient's questionnaires with whether each is completed. */
export function QuestionnaireList({ sessionId }: { sessionId: string }) {
  const query = useQuestionnaires(sessionId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    if (isNotFound(query.error)) return <NoDataAccess sessionId={sessionId} />;
    return <LoadFailed message={sessionsText('sessions.questionnaires.loadFailed')} onRetry={() => void query.refetch()} />;
  }
  if (query.data.results.length === 0) return <Text>{sessionsText('sessions.questionnaires.none')}</Text>;
  return (
    <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {query.data.results.map((q) => (
        <li key={q.id}>
          <Card withBorder radius="md" padding="md">
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start">
                <Title order={2} size="h4">
                  <Anchor component={Link} to={paths.sessionQuestionnaire(sessionId, String(q.id))} c="blue.8">
                    {q.category}
                  </Anchor>
                </Title>
                <CompletionBadge q={q} />
              </Group>
              <Text size="sm">{q.description}</Text>
              <Text size="sm" c="gray.7">
                {sessionsText('sessions.questionnaires.answered', { answered: answeredCount(q), total: q.questions.length })}
              </Text>
            </Stack>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/** One questionnaire: every question with the patient's answer, or 'Not answered'. */
export function QuestionnaireDetail({ sessionId, questionnaireId }: { sessionId: string; questionnaireId: string }) {
  const query = useQuestionnaire(sessionId, questionnaireId);
  const back = (
    <Anchor component={Link} to={paths.sessionQuestionnaires(sessionId)} c="blue.8" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden="true" />
        {sessionsText('sessions.questionnaires.back')}
      </Group>
    </Anchor>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <Stack gap="sm" align="flex-start">
          {back}
          <Text>{sessionsText('sessions.questionnaires.notFound')}</Text>
        </Stack>
      );
    }
    return <LoadFailed message={sessionsText('sessions.questionnaires.loadFailed')} onRetry={() => void query.refetch()} />;
  }
  const q = query.data;
  return (
    <Stack gap="md">
      {back}
      <Stack gap={6}>
        <Group gap="sm">
          <Title order={2}>{q.category}</Title>
          <CompletionBadge q={q} />
        </Group>
        <Text>{q.description}</Text>
        <Text size="sm" c="gray.7">
          {sessionsText('sessions.questionnaires.answered', { answered: answeredCount(q), total: q.questions.length })}
        </Text>
      </Stack>
      <QuestionsAndAnswers questions={q.questions} answers={q.answers} />
    </Stack>
  );
}

export function QuestionsAndAnswers({ questions, answers }: { questions: Question[]; answers: Record<string, Answer> }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Box component="dl" m={0}>
        {questions.map((question, i) => (
          <Box
            key={question.id}
            pt={i === 0 ? 0 : 'sm'}
            pb="sm"
            style={i === questions.length - 1 ? undefined : { borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text component="dt" fw={600} size="sm">
              {question.text}
            </Text>
            <Box component="dd" m={0} mt={4}>
              <AnswerText answer={answers[question.id]} />
            </Box>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

function AnswerText({ answer }: { answer: Answer | undefined }) {
  if (!hasAnswer(answer)) {
    return (
      <Text size="sm" c="gray.7" fs="italic">
        {sessionsText('sessions.questionnaires.notAnswered')}
      </Text>
    );
  }
  if (Array.isArray(answer)) {
    const given = answer.filter((a) => a.trim() !== '');
    if (given.length === 1) return <Text size="sm">{given[0]}</Text>;
    return (
      <List size="sm" spacing={2}>
        {given.map((a) => (
          <List.Item key={a}>{a}</List.Item>
        ))}
      </List>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {answer}
    </Text>
  );
}
