import { Alert, Anchor, Badge, Button, Checkbox, Group, List, Loader, Paper, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconInfoCircle, IconSparkles } from '@tabler/icons-react';
import { AI_DISCLAIMER, AI_PRESETS, AskQuestionBody, errorText, type AiAnswer, type AiPreset, type AiStatement, type AskBody } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDate, t } from '../../../i18n/i18n';
import { askAiText } from '../messages';
import { isApiError } from '../../../lib/api-client';
import { useAnswers, getAnswer, useAnswerToJournal } from '../api/answers';
import { askStream } from '../api/ask';
import { askAiKeys } from '../api/keys';
import { LoadFailed } from '../../../components/load-failed';
import { SubmitForm } from '../../../components/submit-form';
import { schemaErrors, useContractForm } from '../../../lib/form';

/** A line citing more records than this shows the first few and counts the rest (all are under 'Data used'). */
const MAX_CITATIONS = 4;

interface Streaming {
  statements: AiStatement[];
  text: string;
}

/** Ticking summary lines for the journal draft: which are ticked, and how to tick one. */
interface Picking {
  picked: ReadonlySet<number>;
  toggle: (i: number) => void;
}

function StatementList({ statements, answer, picking }: { statements: AiStatement[]; answer: AiAnswer; picking?: Picking }) {
  const index = new Map(answer.records.map((r, i) => [r.ref, i + 1]));
  const byRef = new Map(answer.records.map((r) => [r.ref, r]));
  return (
    <List spacing={6} size="sm" listStyleType={picking ? 'none' : undefined}>
      {statements.map((s, i) => (
        <List.Item key={i}>
          {picking && (
            <Checkbox
              display="inline-flex"
              mr={6}
              style={{ verticalAlign: 'middle' }}
              aria-label={askAiText('askAi.pick', { n: i + 1 })}
              checked={picking.picked.has(i)}
              onChange={() => picking.toggle(i)}
            />
          )}
          <Text span inherit>
            {s.text}
          </Text>{' '}
          {s.citations.length === 0 && (
            <Badge color="red.9" variant="outline" size="sm">
              {askAiText('askAi.noCitation')}
            </Badge>
          )}
          {s.citations.slice(0, s.citations.length > MAX_CITATIONS ? MAX_CITATIONS - 1 : MAX_CITATIONS).map((c) => {
            const r = byRef.get(c);
            return r ? (
              <Anchor key={c} component={Link} to={r.href} size="sm" mx={2} aria-label={askAiText('askAi.source', { n: index.get(c)!, label: r.label })}>
                [{index.get(c)}]
              </Anchor>
            ) : null;
          })}
          {s.citations.length > MAX_CITATIONS && (
            <Text span size="sm">
              {' '}
              {askAiText('askAi.moreSources', { n: s.citations.length - MAX_CITATIONS + 1 })}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** The summary first; the evidence behind it one click away, closed until asked for. */
function Statements({ answer, picking }: { answer: AiAnswer; picking?: Picking }) {
  const [open, setOpen] = useState(false);
  const evidenceId = useId();
  if (answer.declined) {
    return (
      <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
        {answer.statements[0]?.text} {askAiText('askAi.declined.hint')}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <StatementList statements={answer.statements} answer={answer} picking={picking} />
      {answer.evidence.length > 0 && (
        <>
          <Group>
            <Button variant="outline" size="compact-sm" aria-expanded={open} aria-controls={evidenceId} onClick={() => setOpen((o) => !o)}>
              {open ? askAiText('askAi.evidence.hide') : askAiText('askAi.evidence.show', { n: answer.evidence.length })}
            </Button>
          </Group>
          {open && (
            <div id={evidenceId}>
              <StatementList statements={answer.evidence} answer={answer} />
            </div>
          )}
        </>
      )}
    </Stack>
  );
}

function Sources({ answer }: { answer: AiAnswer }) {
  if (answer.records.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {askAiText('askAi.sources')}
      </Title>
      <List size="sm" type="ordered">
        {answer.records.map((r) => (
          <List.Item key={r.ref}>
            <Anchor component={Link} to={r.href}>
              {r.label}
            </Anchor>{' '}
            ({askAiText(`askAi.kind.${r.kind}`)}
            {r.date ? `, ${formatDate(r.date)}` : ''})
          </List.Item>
        ))}
      </List>
      <Text size="sm">
        {answer.dataDate ? askAiText('askAi.dataDate', { date: formatDate(answer.dataDate) }) : ''} ·{' '}
        {askAiText('askAi.engine', { engine: answer.model ? `${answer.engine} (${answer.model})` : answer.engine })}
      </Text>
    </Stack>
  );
}

/**
 * Ask AI for one session: quick asks and a free question, the answer streaming in with its
 * citations, the disclaimer always beside it, earlier answers, and one click to the journal draft.
 */
export function AskAiPanel({ sessionId, notesHref }: { sessionId: string; notesHref: string }) {
  const client = useQueryClient();
  const answers = useAnswers(sessionId);
  const toJournal = useAnswerToJournal(sessionId);
  // The summary lines ticked for the journal draft, for the answer shown (a new answer starts with none).
  const [picked, setPicked] = useState<{ answerId: string; lines: Set<number> } | null>(null);
  const questionForm = useContractForm({ initialValues: { question: '' }, validate: schemaErrors(AskQuestionBody) });
  const question = questionForm.field('question');
  const [streaming, setStreaming] = useState<Streaming | null>(null);
  const [answer, setAnswer] = useState<AiAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const answerHeading = useId();
  const noAccess = answers.isError && isApiError(answers.error) && answers.error.status === 404;

  async function ask(body: AskBody) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setAnswer(null);
    setError(null);
    setStreaming({ statements: [], text: '' });
    try {
      for await (const e of askStream(sessionId, body, controller.signal)) {
        if (e.type === 'statement') setStreaming((s) => ({ statements: [...(s?.statements ?? []), e.statement], text: s?.text ?? '' }));
        else if (e.type === 'delta') setStreaming((s) => ({ statements: s?.statements ?? [], text: (s?.text ?? '') + e.text }));
        else {
          setAnswer(e.answer);
          void client.invalidateQueries({ queryKey: askAiKeys.answers(sessionId) });
        }
      }
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') return;
      setError(isApiError(err) && err.status === 404 ? askAiText('askAi.noAccess') : errorText(err as { code?: string; message?: string }));
    } finally {
      setStreaming(null);
    }
  }

  if (noAccess)
    return (
      <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
        {askAiText('askAi.noAccess')}
      </Alert>
    );
  const busy = streaming !== null;

  return (
    <Stack gap="md">
      <Text>{askAiText('askAi.intro')}</Text>
      <Alert color="yellow" variant="outline" icon={<IconAlertTriangle size={18} aria-hidden />} c="dark">
        {AI_DISCLAIMER}
      </Alert>

      <Stack gap="xs">
        <Title order={2} size="h4">
          {askAiText('askAi.presets')}
        </Title>
        <Group>
          {(Object.keys(AI_PRESETS) as AiPreset[]).map((p) => (
            <Button key={p} variant="outline" leftSection={<IconSparkles size={16} aria-hidden />} disabled={busy} onClick={() => void ask({ preset: p })}>
              {AI_PRESETS[p]}
            </Button>
          ))}
        </Group>
      </Stack>

      <SubmitForm onSubmit={() => questionForm.submit((values) => void ask({ question: values.question.trim() }))}>
        <Group align="flex-end">
          <Textarea
            label={askAiText('askAi.question')}
            value={question.value}
            onChange={(e) => question.onChange(e.currentTarget.value)}
            error={question.error}
            maxLength={500}
            autosize
            minRows={1}
            style={{ flex: 1 }}
          />
          <Button type="submit" disabled={busy}>
            {askAiText('askAi.ask')}
          </Button>
        </Group>
      </SubmitForm>

      <Paper component="section" withBorder p="md" aria-live="polite" aria-busy={busy} aria-labelledby={answerHeading}>
        <Stack gap="sm">
          <Title order={2} size="h4" id={answerHeading}>
            {askAiText('askAi.answer')}
            {answer && !busy && (
              <Text span inherit fw={400}>
                : {answer.question}
              </Text>
            )}
          </Title>
          {error && <Alert color="red">{error}</Alert>}
          {busy && (
            <>
              <Group gap="xs">
                <Loader size="sm" aria-hidden />
                <Text size="sm">{askAiText('askAi.generating')}</Text>
              </Group>
              {streaming.statements.length > 0 && (
                <List spacing="xs">
                  {streaming.statements.map((s, i) => (
                    <List.Item key={i}>{s.text}</List.Item>
                  ))}
                </List>
              )}
              {streaming.text && <Text style={{ whiteSpace: 'pre-wrap' }}>{streaming.text}</Text>}
            </>
          )}
          {answer && (
            <>
              {answer.note && (
                <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
                  {answer.note}
                </Alert>
              )}
              <Statements
                answer={answer}
                picking={
                  answer.declined
                    ? undefined
                    : {
                        picked: picked?.answerId === answer.id ? picked.lines : new Set(),
                        toggle: (i) =>
                          setPicked((p) => {
                            const lines = new Set(p?.answerId === answer.id ? p.lines : []);
                            if (lines.has(i)) lines.delete(i);
                            else lines.add(i);
                            return { answerId: answer.id, lines };
                          }),
                      }
                }
              />
              {answer.droppedCitations > 0 && <Text size="sm">{askAiText('askAi.dropped', { n: answer.droppedCitations })}</Text>}
              <Sources answer={answer} />
              <Text size="sm" fs="italic">
                {answer.disclaimer}
              </Text>
              {!answer.declined && (
                <Group>
                  <Button
                    variant="default"
                    loading={toJournal.isPending}
                    disabled={!(picked?.answerId === answer.id && picked.lines.size > 0)}
                    onClick={() =>
                      toJournal.mutate(
                        { answerId: answer.id, statements: [...(picked?.lines ?? [])] },
                        {
                          onSuccess: () => {
                            setPicked(null);
                            notifications.show({ color: 'green', message: askAiText('askAi.toJournal.done') });
                          },
                          onError: (err) => notifications.show({ color: 'red', message: errorText(err) }),
                        },
                      )
                    }
                  >
                    {askAiText('askAi.toJournal', { n: picked?.answerId === answer.id ? picked.lines.size : 0 })}
                  </Button>
                  <Anchor component={Link} to={notesHref}>
                    {askAiText('askAi.openJournal')}
                  </Anchor>
                </Group>
              )}
              {!answer.declined && (
                <Text size="xs" c="gray.7">
                  {askAiText('askAi.toJournal.hint')}
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>

      <Stack gap="xs">
        <Title order={2} size="h4">
          {askAiText('askAi.earlier')}
        </Title>
        {answers.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {answers.isError && (
          <LoadFailed title={askAiText('askAi.earlier.loadFailed')} message={errorText(answers.error)} onRetry={() => void answers.refetch()} />
        )}
        {answers.data?.results.length === 0 && <Text size="sm">{askAiText('askAi.earlier.none')}</Text>}
        {answers.data?.results.map((a) => (
          <UnstyledButton
            key={a.id}
            onClick={async () => {
              setError(null);
              try {
                setAnswer(await client.fetchQuery({ queryKey: askAiKeys.answer(sessionId, a.id), queryFn: () => getAnswer(sessionId, a.id) }));
              } catch (err) {
                setError(errorText(err as { code?: string; message?: string }));
              }
            }}
          >
            <Text size="sm">
              <Text span fw={600}>
                {a.question}
              </Text>{' '}
              · {formatDate(a.createdAt)} · {a.engine}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Stack>
  );
}
