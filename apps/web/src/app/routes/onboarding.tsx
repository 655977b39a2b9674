import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { MESSAGES, PractitionerStatus, errorText } from '@portal/contract';
import { useCallback, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { useMe } from '../../features/account/api/get-me';
import { OnboardingWizard } from '../../features/onboarding/components/onboarding-wizard';
import { WaitingForReview } from '../../features/onboarding/components/waiting-for-review';
import { usePractitionerMe } from '../../features/practitioner/api/get-practitioner-me';
import { useCategories, useLanguages, useSpecializations } from '../../features/practitioner/api/practice-lookups';
import { ProfileImageUpload } from '../../features/practitioner/components/profile-image-upload';
import { landingPath } from '../../features/practitioner/landing-path';
import { useAcceptPortalTos } from '../../features/terms/api/accept-tos';
import { usePortalTos } from '../../features/terms/api/get-portal-tos';
import { useTosDocument } from '../../features/terms/api/get-tos-document';
import { TERMS_NOT_SHOWN_ID, TermsPdf } from '../../features/terms/components/terms-pdf';
import { DemoTour } from '../../features/tour/components/demo-tour';
import { useTourStore } from '../../features/tour/tour-store';
import { t } from '../../i18n/i18n';
import { useSystemStore } from '../../store/system-store';
import { onboardingText } from '../../features/onboarding/messages';

/**
 * /onboarding (no sidebar): the practice registration form for a user without a practice, then the
 * waiting screen while the provider reviews it. An accepted practitioner is sent to their landing page.
 */
export function OnboardingPage() {
  const practitioner = usePractitionerMe();
  const openTour = useTourStore((s) => s.open);

  if (practitioner.isPending) return <PageLoader />;
  const p = practitioner.data;
  if (p?.status === PractitionerStatus.ACCEPTED) return <Navigate to={landingPath(p)} replace />;
  if (p) {
    return (
      <Page
        title={t('title.onboarding')}
        heading={p.status === PractitionerStatus.DECLINED ? onboardingText('review.declinedHeading') : onboardingText('review.heading')}
      >
        <WaitingForReview status={p.status} onStartTour={openTour} />
        <DemoTour />
      </Page>
    );
  }
  return <Registration />;
}

function Registration() {
  const me = useMe();
  const categories = useCategories();
  const languages = useLanguages();
  const specializations = useSpecializations();

  // SPEC §8: failing to load the categories is an error toast with the common error text.
  useEffect(() => {
    if (categories.isError) notifications.show({ color: 'red', message: MESSAGES.commonError });
  }, [categories.isError]);

  const name = me.data ? `${me.data.firstName} ${me.data.lastName}` : '';
  return (
    <Page title={t('title.onboarding')}>
      <OnboardingWizard
        categories={categories.data}
        languages={languages.data}
        specializations={specializations.data}
        picture={<ProfileImageUpload current={me.data?.profileImage} name={name} />}
        renderTerms={(opts) => <PortalTermsStep {...opts} />}
      />
    </Page>
  );
}

/** The last step: the Portal Terms & Conditions in the PDF viewer, and accepting them. */
function PortalTermsStep({ accepted, onAccepted }: { accepted: boolean; onAccepted: () => void }) {
  const record = usePortalTos();
  const document = useTosDocument(record.data?.tosURI);
  const accept = useAcceptPortalTos();
  const showError = useSystemStore((s) => s.showError);
  const loadError = record.error ?? document.error;
  // As in the terms modal: Accept only once the document has been drawn.
  const [shown, setShown] = useState(false);
  const onShown = useCallback(() => setShown(true), []);
  useEffect(() => {
    if (loadError) showError(errorText(loadError, MESSAGES.tosFileFailed));
  }, [loadError, showError]);

  return (
    <Stack gap="sm">
      <Text>{onboardingText('onboarding.terms.intro')}</Text>
      {accepted ? null : <TermsPdf record={record} document={document} shown={shown} onShown={onShown} />}
      {accepted ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />} c="dark.8">
          {onboardingText('onboarding.terms.accepted')}
        </Alert>
      ) : (
        <Group>
          <Button
            variant="light"
            loading={accept.isPending}
            disabled={!shown}
            aria-describedby={shown ? undefined : TERMS_NOT_SHOWN_ID}
            onClick={() =>
              accept.mutate(undefined, {
                onSuccess: onAccepted,
                onError: (error) => showError(errorText(error, MESSAGES.acceptTosFailed)),
              })
            }
          >
            {onboardingText('onboarding.terms.accept')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
