import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { NewTabHint } from '../../components/new-tab-hint';
import { PageLoader } from '../../components/page-loader';
import { config } from '../../config/env';
import { paths } from '../../config/paths';
import { t } from '../../i18n/i18n';
import { isSignedIn } from '../../lib/auth-cookie';
import { signInUrl } from '../../lib/sign-on';

/** The shell of the public pages: logo and sign-in on top, the legal links at the bottom. */
export function PublicLayout() {
  const [signedIn] = useState(isSignedIn);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between">
            <Anchor component={Link} to={paths.home()} underline="never" aria-label={t('app.name')}>
              <Logo />
            </Anchor>
            {signedIn ? (
              <Button component={Link} to={paths.home()} variant="light" c="blue.9">
                {t('common.openPortal')}
              </Button>
            ) : (
              <Button component="a" href={signInUrl(`${config.portalUrl}/`)}>
                {t('common.signIn')}
              </Button>
            )}
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" py="xl" style={{ flex: 1, width: '100%' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      <Box component="footer" py="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group component="nav" aria-label={t('public.footerLabel')} gap="lg">
            <Anchor component={Link} to={paths.privacyPolicy()} size="sm" c="blue.8">
              {t('public.privacyPolicy')}
            </Anchor>
            <Anchor component={Link} to={paths.termsAndConditions()} size="sm" c="blue.8">
              {t('public.termsAndConditions')}
            </Anchor>
            <Anchor component={Link} to={paths.portalTermsAndConditions()} size="sm" c="blue.8">
              {t('public.portalTermsAndConditions')}
            </Anchor>
            <Anchor component={Link} to={paths.attributions()} size="sm" c="blue.8">
              {t('public.attributions')}
            </Anchor>
            <Anchor href={config.contactUrl} target="_blank" rel="noopener noreferrer" size="sm" c="blue.8">
              {t('public.contactUs')}
              <NewTabHint />
            </Anchor>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
