import { Button, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../components/page';
import { config } from '../../config/env';
import { usePractitionerMe } from '../../features/practitioner/api/get-practitioner-me';
import { landingPath } from '../../features/practitioner/landing-path';
import { t } from '../../i18n/i18n';
import { isSignedIn } from '../../lib/auth-cookie';
import { signInUrl } from '../../lib/sign-on';

/**
 * The public home. A signed-in visitor is taken to their landing page; if the profile cannot be
 * loaded the page simply stays (SPEC §8: logged, no message on the root page).
 */
export function HomePage() {
  useDocumentTitle(t('title.home'));
  const navigate = useNavigate();
  const [signedIn] = useState(isSignedIn);
  const practitioner = usePractitionerMe({ enabled: signedIn });

  useEffect(() => {
    if (!signedIn) return;
    if (practitioner.isSuccess) void navigate(landingPath(practitioner.data), { replace: true });
    else if (practitioner.isError) console.error('could not load the practitioner profile', practitioner.error);
  }, [signedIn, practitioner.isSuccess, practitioner.isError, practitioner.data, practitioner.error, navigate]);

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('home.heading')}</Title>
      <Text size="lg">{t('home.lead')}</Text>
      <Title order={2} size="h3">
        {t('home.listHeading')}
      </Title>
      <List spacing="xs">
        <List.Item>{t('home.feature.sessions')}</List.Item>
        <List.Item>{t('home.feature.results')}</List.Item>
        <List.Item>{t('home.feature.journal')}</List.Item>
        <List.Item>{t('home.feature.askAi')}</List.Item>
        <List.Item>{t('home.feature.practice')}</List.Item>
        <List.Item>{t('home.feature.course')}</List.Item>
      </List>
      <div>
        <Button component="a" href={signInUrl(`${config.portalUrl}/`)} size="md">
          {t('common.signIn')}
        </Button>
        <Text size="sm" c="gray.7" mt="xs">
          {t('home.signInHint')}
        </Text>
      </div>
    </Stack>
  );
}
