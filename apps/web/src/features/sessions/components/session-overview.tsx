import { useState, type ReactNode } from 'react';
import { Anchor, Box, Button, Group, List, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { KIT_STATUS_LABELS, LIMITS, SessionStatus, errorText, type SessionDetail } from '@portal/contract';
import { IconFileText, IconMessageChatbot, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSystemStore } from '../../../store/system-store';
import { useRequestData } from '../api/request-data';
import { formatFee, formatShortDate, fullName } from '../format';
import { AppModal } from '../../../components/app-modal';
import { OfflineHint } from '../../../components/offline-notice';
import { OFFLINE_NOTICE_ID, useOnline } from '../../../lib/use-online';
import { AccessHistory } from './access-history';
import { dataRequestLabel } from './data-request-state';
import { DetailList } from './detail-list';
import { CaveatText, LevelBadge, levelOfLabel } from './level-display';
import { ActionLine } from '../../../components/action-line';
import { ScrollTable } from './scroll-table';
import { SectionCard } from '../../../components/section-card';
import { SessionDecision } from './session-decision';
import { closedReason } from './session-gate';
import { sessionsText } from '../messages';

/**
 * The session screen (SPEC §2): patient, quick actions, readiness, highlights, packages, results, notes.
 * `assignKit` is the kit form the page composes in (the kits feature's), shown while an accepted session has no kit.
 */
export function SessionOverview({ session, assignKit }: { session: SessionDetail; assignKit?: ReactNode }) {
  return (
    <Stack gap="lg">
      {session.status === SessionStatus.REQUESTED && <SessionRequest session={session} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <QuickActions session={session} />
        <Readiness session={session} />
      </SimpleGrid>
      <Highlights session={session} />
      <Packages session={session} assignKit={session.status === SessionStatus.ACCEPTED ? assignKit : undefined} />
      <SectionCard title={sessionsText('sessions.overview.screening')} id="session-screening">
        <Text size="sm">{sessionsText('sessions.overview.screeningText')}</Text>
        {!session.readiness.dataAccessible && (
          <Text size="sm" c="gray.7" id="screening-closed-reason">
            {closedReason(session)}
          </Text>
        )}
        <Box>
          <ActionLink
            to={paths.sessionResults(session.id)}
            closed={!session.readiness.dataAccessible}
            reasonId="screening-closed-reason"
            variant="filled"
            icon={null}
          >
            {sessionsText('sessions.overview.openResults')}
          </ActionLink>
        </Box>
      </SectionCard>
      <SectionCard title={sessionsText('sessions.overview.notes')} id="session-notes">
        <Text size="sm">{sessionsText('sessions.overview.notesText')}</Text>
        <Box>
          <Anchor component={Link} to={paths.sessionNotes(session.id)} c="blue.8" size="sm">
            {sessionsText('sessions.overview.openJournal')}
          </Anchor>
        </Box>
      </SectionCard>
      <AccessHistory sessionId={session.id} />
    </Stack>
  );
}

/** A pending request: the decision, with what it means (the patient header above names whose it is). */
function SessionRequest({ session }: { session: SessionDetail }) {
  return (
    <SectionCard title={sessionsText('sessions.overview.request')} id="session-request">
      <Text size="sm">{sessionsText('sessions.overview.decisionHint')}</Text>
      <SessionDecision session={session} size="sm" />
    </SectionCard>
  );
}

/** Why writing notes is not possible yet, or null (accepted: write; completed: read what was submitted). */
function notesClosedReason(session: SessionDetail): string | null {
  if (session.status === SessionStatus.ACCEPTED || session.status === SessionStatus.COMPLETED) return null;
  return session.status === SessionStatus.REQUESTED ? sessionsText('sessions.overview.notesNeedAccept') : sessionsText('sessions.access.noAccess.declined');
}

/**
 * A link styled as a button, or the same button disabled (not a link at all) with the reason read with it:
 * a pending session offers nothing that cannot work yet.
 */
function ActionLink({
  to,
  closed,
  reasonId,
  icon,
  variant = 'light',
  children,
}: {
  to: string;
  closed: boolean;
  reasonId: string;
  icon: ReactNode;
  variant?: 'light' | 'filled';
  children: ReactNode;
}) {
  if (closed) {
    return (
      <Button variant={variant} leftSection={icon} disabled aria-describedby={reasonId}>
        {children}
      </Button>
    );
  }
  return (
    <Button component={Link} to={to} variant={variant} c={variant === 'light' ? 'blue.9' : undefined} leftSection={icon}>
      {children}
    </Button>
  );
}

function QuickActions({ session }: { session: SessionDetail }) {
  const [confirming, setConfirming] = useState(false);
  const online = useOnline();
  const accepted = session.status === SessionStatus.ACCEPTED;
  const requested = session.dataRequest;
  const fee = session.dataRequestFee;
  let hint = sessionsText('sessions.overview.requestDataNeedsAccept');
  if (requested)
    hint = sessionsText('sessions.overview.requestDataDone', {
      date: formatShortDate(requested.createdAt),
      state: dataRequestLabel(requested),
      fee: formatFee(fee.amountCents, fee.currency),
      due: formatShortDate(dueDate(requested.createdAt, fee.dueDays).toISOString()),
    });
  else if (accepted) hint = sessionsText('sessions.overview.requestDataHint', { days: fee.dueDays, fee: formatFee(fee.amountCents, fee.currency) });
  const notesClosed = notesClosedReason(session);
  const dataClosed = session.readiness.dataAccessible ? null : closedReason(session);

  return (
    <SectionCard title={sessionsText('sessions.overview.quickActions')} id="session-actions">
      <Group gap="sm">
        {/* One request per session: once made, the button stays off and the line below says when and at what fee. */}
        <Button
          variant="filled"
          leftSection={<IconSend size={16} aria-hidden="true" />}
          onClick={() => setConfirming(true)}
          disabled={!accepted || Boolean(requested) || !online}
          aria-describedby={online ? 'request-data-hint' : `request-data-hint ${OFFLINE_NOTICE_ID}`}
        >
          {sessionsText('sessions.overview.requestData')}
        </Button>
        <ActionLink
          to={paths.sessionNotes(session.id)}
          closed={notesClosed !== null}
          reasonId="write-notes-reason"
          icon={<IconFileText size={16} aria-hidden="true" />}
        >
          {sessionsText('sessions.overview.writeNotes')}
        </ActionLink>
        <ActionLink
          to={paths.sessionAskAi(session.id)}
          closed={dataClosed !== null}
          reasonId="ask-ai-reason"
          icon={<IconMessageChatbot size={16} aria-hidden="true" />}
        >
          {sessionsText('sessions.overview.askAi')}
        </ActionLink>
      </Group>
      <Text size="sm" c="gray.7" id="request-data-hint">
        {hint}
      </Text>
      {notesClosed && (
        <Text size="sm" c="gray.7" id="write-notes-reason">
          {sessionsText('sessions.overview.writeNotesClosed', { reason: notesClosed })}
        </Text>
      )}
      {dataClosed && (
        <Text size="sm" c="gray.7" id="ask-ai-reason">
          {sessionsText('sessions.overview.askAiClosed', { reason: dataClosed })}
        </Text>
      )}
      <RequestDataConfirm session={session} opened={confirming} onClose={() => setConfirming(false)} />
    </SectionCard>
  );
}

const dueDate = (from: string | Date, days: number) => new Date(new Date(from).getTime() + days * 86_400_000);

/** 'Request data' is a paid action: the confirmation names the fee and the day it falls due before anything is made. */
function RequestDataConfirm({ session, opened, onClose }: { session: SessionDetail; opened: boolean; onClose: () => void }) {
  const showError = useSystemStore((s) => s.showError);
  const request = useRequestData(session.id);
  const online = useOnline();
  const fee = session.dataRequestFee;
  const onConfirm = () =>
    request.mutate(undefined, {
      onSuccess: () => {
        onClose();
        notifications.show({ color: 'green', message: sessionsText('sessions.overview.dataRequested') });
      },
      onError: (error) => {
        onClose();
        showError(errorText(error));
      },
    });
  return (
    <AppModal opened={opened} onClose={onClose} size="small" title={sessionsText('sessions.overview.requestData.title')}>
      <Stack gap="sm">
        <Text>{sessionsText('sessions.overview.requestData.body', { name: fullName(session.user) })}</Text>
        <Text fw={600}>
          {sessionsText('sessions.overview.requestData.fee', {
            fee: formatFee(fee.amountCents, fee.currency),
            due: formatShortDate(dueDate(new Date(), fee.dueDays).toISOString()),
            days: fee.dueDays,
          })}
        </Text>
        <OfflineHint />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={request.isPending}>
            {sessionsText('sessions.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={request.isPending} disabled={!online} aria-describedby={online ? undefined : OFFLINE_NOTICE_ID}>
            {sessionsText('sessions.overview.requestData.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function Readiness({ session }: { session: SessionDetail }) {
  const { readiness } = session;
  const closed = readiness.dataAccessible ? null : closedReason(session);
  return (
    <SectionCard title={sessionsText('sessions.overview.readiness')} id="session-readiness">
      <DetailList
        items={[
          {
            term: sessionsText('sessions.overview.kitStatus'),
            value: readiness.kitStatus ? KIT_STATUS_LABELS[readiness.kitStatus] : sessionsText('sessions.overview.noKit'),
          },
          {
            term: sessionsText('sessions.overview.dataRequest'),
            value: session.dataRequest
              ? `${dataRequestLabel(session.dataRequest)} (${sessionsText('sessions.overview.requestedOnDate', { date: formatShortDate(session.dataRequest.createdAt) })})`
              : dataRequestLabel(null),
          },
          {
            term: sessionsText('sessions.overview.resultsAvailable'),
            value: closed ?? (readiness.resultsAvailable ? sessionsText('sessions.overview.yes') : sessionsText('sessions.overview.no')),
          },
          {
            term: sessionsText('sessions.overview.questionnairesCompleted'),
            value:
              closed ??
              sessionsText('sessions.overview.questionnairesCount', { completed: readiness.questionnairesCompleted, total: readiness.questionnairesTotal }),
          },
          // While the data is closed the two rows above already say why; the report's row waits for access.
          ...(closed
            ? []
            : [
                {
                  term: sessionsText('sessions.overview.pgxReport'),
                  value: readiness.pharmacogenomicReport ? sessionsText('sessions.overview.yes') : sessionsText('sessions.overview.no'),
                },
              ]),
        ]}
      />
      <Text size="sm" c="gray.7">
        {sessionsText('sessions.overview.accessExplained')}
      </Text>
    </SectionCard>
  );
}

/** A collection's own state beside the kit's: its results in, or still awaited from the lab. */
const collectionState = (c: NonNullable<SessionDetail['kit']>['collections'][number]) =>
  c.resultsReady === null ? '' : ` (${sessionsText(c.resultsReady ? 'sessions.overview.kit.collectionReady' : 'sessions.overview.kit.collectionAwaiting')})`;

function Highlights({ session }: { session: SessionDetail }) {
  const { readiness } = session;
  let body;
  if (!readiness.dataAccessible)
    body = (
      <Text size="sm" c="gray.7">
        {sessionsText('sessions.overview.highlightsLocked')}
      </Text>
    );
  else if (session.highlights.length === 0)
    body = (
      <Text size="sm">{readiness.resultsAvailable ? sessionsText('sessions.overview.noHighlights') : sessionsText('sessions.overview.noResultsYet')}</Text>
    );
  else {
    body = (
      <>
        <Text size="sm">
          {readiness.pharmacogenomicReport ? sessionsText('sessions.overview.highlightsIntro') : sessionsText('sessions.overview.highlightsIntroNoPgx')}
        </Text>
        <List listStyleType="none" spacing="sm" p={0}>
          {session.highlights.map((h) => {
            const level = levelOfLabel(h.level);
            const title =
              h.resultID && h.componentID ? (
                <Anchor component={Link} to={paths.sessionResultComponent(session.id, h.resultID, h.componentID)} c="blue.8" fw={500}>
                  {h.title}
                </Anchor>
              ) : (
                <Text span fw={500}>
                  {h.title}
                </Text>
              );
            return (
              <List.Item key={`${h.kind}:${h.resultID ?? ''}:${h.componentID ?? h.title}`}>
                {h.kind === 'component' ? (
                  <Stack gap={2}>
                    <Group gap="sm">
                      {title}
                      {level !== null ? (
                        <LevelBadge level={level} size="md" />
                      ) : (
                        <Text span size="sm">
                          {h.level}
                        </Text>
                      )}
                    </Group>
                    {h.caveat && <CaveatText text={h.caveat} />}
                  </Stack>
                ) : (
                  // A line of the pharmacogenomic report opens the report at its rows.
                  <ActionLine sessionId={session.id} line={h} />
                )}
              </List.Item>
            );
          })}
        </List>
      </>
    );
  }
  return (
    <SectionCard title={sessionsText('sessions.overview.highlights')} id="session-highlights">
      {body}
      {/* Without a report, no medicine highlight is not "nothing to check": said, not left to be inferred. */}
      {readiness.dataAccessible && readiness.kitStatus !== null && !readiness.pharmacogenomicReport && (
        <Text size="sm" c="gray.7" id="no-pgx-report">
          {sessionsText('sessions.overview.noPgxReport')}
        </Text>
      )}
    </SectionCard>
  );
}

function Packages({ session, assignKit }: { session: SessionDetail; assignKit?: ReactNode }) {
  const { kit } = session;
  // On a phone the one kit is a list of its facts, not a table scrolled sideways (SPEC §9's 768 px).
  const phone = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpoint}px)`, undefined, { getInitialValueInEffect: false });
  return (
    <SectionCard title={sessionsText('sessions.overview.packages')} id="session-packages">
      {kit && phone ? (
        <DetailList
          items={[
            {
              term: sessionsText('sessions.overview.kit.id'),
              value: (
                <Text span size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {kit.id}
                </Text>
              ),
            },
            { term: sessionsText('sessions.overview.kit.collections'), value: kit.collections.map((c) => `${c.name}${collectionState(c)}`).join(', ') },
            {
              term: sessionsText('sessions.overview.kit.sampleLabel'),
              value: (
                <Text span size="sm" ff="monospace">
                  {kit.sampleLabel}
                </Text>
              ),
            },
            { term: sessionsText('sessions.overview.kit.status'), value: KIT_STATUS_LABELS[kit.status] },
          ]}
        />
      ) : kit ? (
        <ScrollTable minWidth={560} label={sessionsText('sessions.overview.kit.label')}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{sessionsText('sessions.overview.kit.id')}</Table.Th>
                <Table.Th scope="col">{sessionsText('sessions.overview.kit.collections')}</Table.Th>
                <Table.Th scope="col">{sessionsText('sessions.overview.kit.sampleLabel')}</Table.Th>
                <Table.Th scope="col">{sessionsText('sessions.overview.kit.status')}</Table.Th>
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
                        {c.resultsReady !== null && (
                          <Text span size="sm" fw={500}>
                            {collectionState(c)}
                          </Text>
                        )}
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
            {sessionsText('sessions.overview.noPackage')}
          </Text>
          {assignKit}
        </>
      )}
    </SectionCard>
  );
}
