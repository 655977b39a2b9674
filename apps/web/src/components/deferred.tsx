import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** Runs `task` once the page has loaded and the browser is idle; returns a cancel. */
function afterLoadWhenIdle(task: () => void): () => void {
  let idle = 0;
  let timer = 0;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: 3000 });
    else timer = window.setTimeout(task, 500);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle) window.cancelIdleCallback(idle);
    window.clearTimeout(timer);
  };
}

/** A chunk that fails to load draws nothing rather than taking the page down with it. */
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A component kept out of the entry chunk: its chunk loads when the page has loaded and the browser
 * is idle, so it is usually there before it is needed, or at once when `needed` turns true first.
 * From then on it stays mounted, so it renders exactly as it would have from the start. Until its
 * chunk is in, it draws nothing (it must draw nothing while it is not needed).
 */
export function deferred(load: () => Promise<ComponentType>): ComponentType<{ needed: boolean }> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined; // a later need tries again
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  return function Deferred({ needed }) {
    const [wanted, setWanted] = useState(false);
    if (needed && !wanted) setWanted(true);
    useEffect(() => {
      let active = true;
      const cancel = afterLoadWhenIdle(() => {
        preload().then(
          () => active && setWanted(true),
          () => {},
        );
      });
      return () => {
        active = false;
        cancel();
      };
    }, []);
    if (!wanted) return null;
    return (
      <ChunkBoundary>
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      </ChunkBoundary>
    );
  };
}

/**
 * A component its page's first screen does not draw (a form a button opens), kept out of the page's
 * chunk: `usePreload` in the page starts loading it once the page has loaded and the browser is idle,
 * so it is usually there when first drawn; drawn before that, it loads at once (inside a Suspense).
 */
export function lazyWhenIdle<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined; // a later need tries again
        throw error;
      },
    ));
  return {
    Lazy: lazy(preload),
    usePreload: () => useEffect(() => afterLoadWhenIdle(() => void preload().catch(() => {})), []),
  };
}
