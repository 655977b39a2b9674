import { VisuallyHidden } from '@mantine/core';
import { t } from '../i18n/i18n';

/** Tells screen-reader users that a link opens a new tab; the space is outside so names read apart. */
export function NewTabHint() {
  return (
    <>
      {' '}
      <VisuallyHidden>{t('common.newTab')}</VisuallyHidden>
    </>
  );
}
