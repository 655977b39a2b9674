// Must stay the first import: module bodies run in import order, and later ones parse schemas.
import './zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';

// A service worker left by an earlier version of the portal would serve stale code: remove it.
void navigator.serviceWorker?.getRegistrations().then((registrations) => {
  for (const registration of registrations) void registration.unregister();
});

// A visitor's `/` comes with the rules its prerendered markup needs inline and the whole stylesheet
// as media="print", which does not hold up the first paint (apps/server/src/plugins/web.ts). Every
// other page the portal may draw from here on needs all of it.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-stylesheet]')) link.media = 'all';

/**
 * Starts the portal: the router, then the first render in a transition, which React renders in
 * slices, yielding to the browser between them. A visitor's `/` comes with the home page already in
 * the HTML (app/prerender.tsx, rendered by the server): that markup is hydrated, not drawn again.
 */
function start() {
  const router = createRouter();
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  startTransition(() => {
    if (container.hasChildNodes()) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

// Evaluating the portal's modules is one long task already: the start runs in the next one, so the
// browser can paint and answer input in between. A message, not a timer: timers in a background tab
// are held back for a second or more.
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  channel.port1.close();
  start();
};
channel.port2.postMessage(null);
