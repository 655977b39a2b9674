import { useState } from 'react';
import { t } from '../i18n/i18n';

/** The id of the signed-in shell's <main>, which the skip link moves focus to. */
export const MAIN_ID = 'main-content';

/**
 * The first stop of the Tab key: past the sidebar's links straight to the page. Off-screen until it has
 * focus. Focus is moved by hand, not by the #hash, so the address and the router stay as they are.
 */
export function SkipLink() {
  const [focused, setFocused] = useState(false);
  return (
    <a
      href={`#${MAIN_ID}`}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
      style={{
        position: 'fixed',
        top: 8,
        left: focused ? 8 : -10_000,
        zIndex: 1000,
        padding: '8px 16px',
        background: 'var(--mantine-color-blue-9)',
        color: 'var(--mantine-color-white)',
        borderRadius: 4,
        fontWeight: 600,
      }}
    >
      {t('skipLink')}
    </a>
  );
}
