import type { ReactNode } from 'react';
import { Anchor, Avatar, Box, Button, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { KIT_STATUS_LABELS, LIMITS, SessionStatus, errorText, type SessionDetail } from '@portal/contract';
import { IconFileText, IconMessageChatbot, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { t } from '../../../i18n/i18n';
import { useSystemStore } from '../../../store/system-store';
import { useRequestData } from '../api/request-data';
import { formatDateTime, formatShortDate, fullName } from '../format';
import { AccessHistory } from './access-history';
import { dataRequestLabel } from './data-request-state';
import { DetailList } from './detail-list';
import { LevelBadge, levelOfLabel } from './level-display';
import { ScrollTable } from './scroll-table';
import { SectionCard } from './section-card';
import { SessionDecision } from './session-decision';
import { SessionStatusBadge, SyntheticPatientBadge } from './session-badges';
import { closedReason } from './session-gate';
import { st } from '../messages';

/**
 * The session screen (SPEC §2): patient, quick actions, readiness, highlights, packages, results, notes.
 * `assignKit` is the kit form the page composes in (the kits feature's), shown while an accepted session has no kit.
 */
export function SessionOverview({ session, assignKit }: { session: SessionDetail; assignKit?: ReactNode }) {
  return (
    <Stack gap="lg">
      <PatientHeader session={session} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <QuickActions session={session} />
        <Readiness session={session} />
      </SimpleGrid>
      <Highlights session={session} />
      <Packages session={session} assignKit={session.status === SessionStatus.ACCEPTED ? assignKit : undefined} />
      <SectionCard title={st('sessions.overview.screening')} id="session-screening">
        <Text size="sm">{st('sessions.overview.screeningText')}</Text>
        {!session.readiness.dataAccessible && (
          <Text size="sm" c="gray.7">
            {closedReason(session)}
          </Text>
        )}
        <Box>
          <Button component={Link} to={paths.sessionResults(session.id)}>
            {st('sessions.overview.openResults')}
          </Button>
        </Box>
      </SectionCard>
      <SectionCard title={st('sessions.overview.notes')} id="session-notes">
        <Text size="sm">{st('sessions.overview.notesText')}</Text>
        <Box>
          <Anchor component={Link} to={paths.sessionNotes(session.id)} c="blue.8" size="sm">
            {st('sessions.overview.openJournal')}
          </Anchor>
        </Box>
      </SectionCard>
      <AccessHistory sessionId={session.id} />
    </Stack>
  );
}

function PatientHeader({ session }: { session: SessionDetail }) {
  const name = fullName(session.user);
  return (
    <Box component="section" aria-labelledby="session-patient">
      <Group justify="space-between" align="flex-start" gap="lg">
        <Group gap="md" align="flex-start" wrap="nowrap">
          <Avatar src={session.user.profileImage} alt={session.user.profileImage ? st('sessions.overview.patientImageAlt', { name }) : undefined} name={name} size={56} radius="xl" color="blue" variant="filled" />
          <Stack gap={6}>
            <Title order={2} size="h3" id="session-patient">
              {name}
            </Title>
            <Group gap="xs">
              <SessionStatusBadge status={session.status} />
              {session.user.synthetic && <SyntheticPatientBadge />}
            </Group>
            <DetailList
              items={[
                { term: st('sessions.overview.booking'), value: formatDateTime(session.bookingTime) },
                { term: st('sessions.overview.requestedOn'), value: formatShortDate(session.createdAt) },
                { term: st('sessions.overview.email'), value: session.user.email },
                { term: st('sessions.overview.phone'), value: session.user.phoneNumber ?? t('common.notSet') },
              ]}
            />
          </Stack>
        </Group>
        {session.status === SessionStatus.REQUESTED && (
          <Stack gap="xs" maw={320}>
            <Text size="sm">{st('sessions.overview.decisionHint')}</Text>
            <SessionDecision session={session} size="sm" />
          </Stack>
        )}
      </Group>
    </Box>
  );
}

function QuickActions({ session }: { session: SessionDetail }) {
  const showError = useSystemStore((s) => s.showError);
  const request = useRequestData(session.id);
  const accepted = session.status === SessionStatus.ACCEPTED;
  const requested = session.dataRequest;
  let hint = st('sessions.overview.requestDataNeedsAccept');
  if (requested) hint = st('sessions.overview.requestDataDone', { date: formatShortDate(requested.createdAt), state: dataRequestLabel(requested) });
  else if (accepted) hint = st('sessions.overview.requestDataHint', { days: LIMITS.dataRequestFeeDueDays });
  const onRequest = () =>
    request.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: st('sessions.overview.dataRequested') }),
      onError: (error) => showError(errorText(error)),
    });

  return (
    <SectionCard title={st('sessions.overview.quickActions')} id="session-actions">
      <Group gap="sm">
        <Button variant={requested ? 'outline' : 'filled'} leftSection={<IconSend size={16} aria-hidden="true" />} onClick={onRequest} loading={request.isPending} disabled={!accepted} aria-describedby="request-data-hint">
          {st('sessions.overview.requestData')}
        </Button>
        <Button component={Link} to={paths.sessionNotes(session.id)} variant="light" c="blue.9" leftSection={<IconFileText size={16} aria-hidden="true" />}>
          {st('sessions.overview.writeNotes')}
        </Button>
        <Button component={Link} to={paths.sessionAskAi(session.id)} variant="light" c="blue.9" leftSection={<IconMessageChatbot size={16} aria-hidden="true" />}>
          {st('sessions.overview.askAi')}
        </Button>
      </Group>
      <Text size="sm" c="gray.7" id="request-data-hint">
        {hint}
      </Text>
    </SectionCard>
  );
}

function Readiness({ session }: { session: SessionDetail }) {
  const { readiness } = session;
  const closed = readiness.dataAccessible ? null : closedReason(session);
  return (
    <SectionCard title={st('sessions.overview.readiness')} id="session-readiness">
      <DetailList
        items={[
          { term: st('sessions.overview.kitStatus'), value: readiness.kitStatus ? KIT_STATUS_LABELS[readiness.kitStatus] : st('sessions.overview.noKit') },
          {
            term: st('sessions.overview.dataRequest'),
            value: session.dataRequest ? `${dataRequestLabel(session.dataRequest)} (${st('sessions.overview.requestedOnDate', { date: formatShortDate(session.dataRequest.createdAt) })})` : dataRequestLabel(null),
          },
          { term: st('sessions.overview.resultsAvailable'), value: closed ?? (readiness.resultsAvailable ? st('sessions.overview.yes') : st('sessions.overview.no')) },
          {
            term: st('sessions.overview.questionnairesCompleted'),
            value: closed ?? st('sessions.overview.questionnairesCount', { completed: readiness.questionnairesCompleted, total: readiness.questionnairesTotal }),
          },
        ]}
      />
      <Text size="sm" c="gray.7">
        {st('sessions.overview.accessExplained')}
      </Text>
    </SectionCard>
  );
}

function Highlights({ session }: { session: SessionDetail }) {
  let body;
  if (!session.readiness.dataAccessible) body = <Text size="sm" c="gray.7">{st('sessions.overview.highlightsLocked')}</Text>;
  else if (session.highlights.length === 0) body = <Text size="sm">{session.readiness.resultsAvailable ? st('sessions.overview.noHighlights') : st('sessions.overview.noResultsYet')}</Text>;
  else {
    body = (
      <>
        <Text size="sm">{st('sessions.overview.highlightsIntro')}</Text>
        <List listStyleType="none" spacing="xs" p={0}>
          {session.highlights.map((h) => {
            const level = levelOfLabel(h.level);
            // A medicine the patient takes opens the report on the medicines taken now, at that drug.
            const drug = h.kind === 'medicine' ? h.title.replace(/ \(currently taking\)$/, '') : null;
            const title =
              h.resultID && h.componentID ? (
                <Anchor component={Link} to={paths.sessionResultComponent(session.id, h.resultID, h.componentID)} c="blue.8" fw={500}>
                  {h.title}
                </Anchor>
              ) : drug ? (
                <Anchor component={Link} to={`${paths.sessionReports(session.id)}?view=1&taking=1&name=${encodeURIComponent(drug)}`} c="blue.8" fw={500}>
                  {h.title}
                </Anchor>
              ) : (
                <Text span fw={500}>
                  {h.title}
                </Text>
              );
            return (
              <List.Item key={`${h.kind}:${h.resultID ?? ''}:${h.componentID ?? h.title}`}>
                <Group gap="sm">
                  {title}
                  {level !== null ? <LevelBadge level={level} size="md" /> : <Text span size="sm">{h.level}</Text>}
                </Group>
              </List.Item>
            );
          })}
        </List>
      </>
    );
  }
  return (
    <SectionCard title={st('sessions.overview.highlights')} id="session-highlights">
      {body}
    </SectionCard>
  );
}

function Packages({ session, assignKit }: { session: SessionDetail; assignKit?: ReactNode }) {
  const { kit } = session;
  return (
    <SectionCard title={st('sessions.overview.packages')} id="session-packages">
      {kit ? (
        <ScrollTable minWidth={560} label={st('sessions.overview.kit.label')}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{st('sessions.overview.kit.id')}</Table.Th>
                <Table.Th scope="col">{st('sessions.overview.kit.collections')}</Table.Th>
                <Table.Th scope="col">{st('sessions.overview.kit.sampleLabel')}</Table.Th>
                <Table.Th scope="col">{st('sessions.overview.kit.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {kit.id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <List size="sm" spacing={4}>
                    {kit.collections.map((c) => (
                      <List.Item key={c.id}>
                        <Text span size="sm" fw={500}>
                          {c.name}
                        </Text>
                        <Text span size="sm" c="gray.7">
                          {' '}
                          – {c.description}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {kit.sampleLabel}
                  </Text>
                </Table.Td>
                <Table.Td>{KIT_STATUS_LABELS[kit.status]}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : (
        <>
          <Text size="sm" c="gray.7">
            {st('sessions.overview.noPackage')}
          </Text>
          {assignKit}
        </>
      )}
    </SectionCard>
  );
}
