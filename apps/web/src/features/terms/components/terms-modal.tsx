import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, errorText } from '@portal/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../../components/app-modal';
import { NewTabHint } from '../../../components/new-tab-hint';
import { paths } from '../../../config/paths';
import { t } from '../../../i18n/i18n';
import { useSystemStore } from '../../../store/system-store';
import { useAcceptAccountTos, useAcceptPortalTos } from '../api/accept-tos';
import { useAccountTos } from '../api/get-account-tos';
import { usePortalTos } from '../api/get-portal-tos';
import { useTosDocument } from '../api/get-tos-document';
import type { TermsKind } from '../api/keys';
import { TERMS_NOT_SHOWN_ID, TermsPdf } from './terms-pdf';

/**
 * SPEC §4: the blocking terms modal. It shows the latest terms (account or portal) as a PDF and
 * cannot be dismissed: no close button, no overlay click, no Escape. Accept ends it; 'Sign out'
 * beside it is the way out for someone who does not accept (the header's Logout is behind the modal,
 * and focus stays inside it).
 */
export function TermsModal({ kind, onSignOut, signingOut }: { kind: TermsKind; onSignOut: () => void; signingOut: boolean }) {
  const showError = useSystemStore((s) => s.showError);
  const accountTos = useAccountTos({ enabled: kind === 'account' });
  const portalTos = usePortalTos({ enabled: kind === 'portal' });
  const record = kind === 'account' ? accountTos : portalTos;
  const documentQuery = useTosDocument(record.data?.tosURI);
  const acceptAccount = useAcceptAccountTos();
  const acceptPortal = useAcceptPortalTos();
  const accept = kind === 'account' ? acceptAccount : acceptPortal;
  // Accept stays off until the document has been drawn: terms are not accepted unseen (a failed or slow load).
  const [shown, setShown] = useState(false);
  const onShown = useCallback(() => setShown(true), []);

  const loadError = record.error ?? documentQuery.error;
  // The same text as a web page: readable by screen readers, which a rendered PDF page is not.
  const htmlVersion = kind === 'account' ? paths.termsAndConditions() : paths.portalTermsAndConditions();
  // SPEC §8: a terms file that fails to load is said once, in the error modal; the place of the
  // document then holds only 'Try again' (TermsPdf), not the same message a second time.
  useEffect(() => {
    if (loadError) showError(errorText(loadError, MESSAGES.tosFileFailed));
  }, [loadError, showError]);

  const onAccept = () =>
    accept.mutate(undefined, {
      onError: (error) => showError(errorText(error, MESSAGES.acceptTosFailed)),
    });

  return (
    <AppModal
      opened
      onClose={() => undefined}
      size="terms"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={record.data?.title ?? t('terms.loading')}
    >
      <Stack gap="md">
        <Text>{t('terms.intro')}</Text>
        <Anchor component={Link} to={htmlVersion} target="_blank" c="blue.8" size="sm">
          {t('terms.htmlVersion')}
          <NewTabHint />
        </Anchor>
        <TermsPdf record={record} document={documentQuery} shown={shown} onShown={onShown} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onSignOut} loading={signingOut} disabled={accept.isPending}>
            {t('terms.signOut')}
          </Button>
          <Button onClick={onAccept} loading={accept.isPending} disabled={!shown} aria-describedby={shown ? undefined : TERMS_NOT_SHOWN_ID}>
            {t('terms.accept')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
