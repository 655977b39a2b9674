import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { config, readConfig, type PortalConfig } from '../config/env';
import { Providers } from './providers';
import { routeObjects } from './router';

/**
 * The home page as a signed-out visitor first sees it, rendered by the server (built by
 * `vite build --ssr` into dist/.ssr, run once at start with the run-time configuration). The server
 * puts the markup into the index.html it answers `/` with when the request carries no sign-on
 * cookie, so the page paints as soon as the HTML and the stylesheet are in; main.tsx then hydrates
 * it with the same routes, providers and configuration, so nothing on screen changes.
 *
 * The same tree as main.tsx renders, with the static router in place of the browser one. The lazy
 * layout and page are waited for, so the markup holds the page itself, not the loader, and no inline
 * script (the CSP allows none).
 */
export async function renderVisitorHome(portal: Partial<PortalConfig> & Pick<PortalConfig, 'portalUrl'>): Promise<string> {
  // This bundle runs only here, with no document to read the configuration from: it is given, over
  // the same local defaults the client falls back to.
  Object.assign(config, readConfig(undefined), portal);
  const handler = createStaticHandler(routeObjects);
  const context = await handler.query(new Request(`${portal.portalUrl}/`));
  if (context instanceof Response) throw new Error(`the home route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = () => (
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>
  );
  // Twice: the first pass waits for the lazy layout and page to load (its output would reveal them
  // with inline scripts, which the CSP forbids); the second, with them loaded, is plain markup.
  const { prelude } = await prerenderToNodeStream(page());
  for await (const chunk of prelude) void chunk;
  return renderToString(page());
}
