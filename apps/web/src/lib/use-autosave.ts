import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isApiError, type ApiError } from './api-client';

/** 'invalid': the value breaks a rule the server would refuse (a text too long), so it is not sent at all. */
export type SaveState = 'saved' | 'saving' | 'unsaved' | 'invalid';

/** Network down, server busy or failing: keep the text and try again. Anything else is final. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

const RETRY_MS = [2000, 4000, 8000, 15000, 30000];

/**
 * Keeps what the user writes (the journal's text, the onboarding draft) and brings it to the server:
 * a debounced save after each change, retries with back-off while the server cannot be reached (and
 * at once when the browser comes back online), and, with `warnOnLeave`, a warning before the page is
 * left with a value the server does not have yet. The value lives only in memory and on the server,
 * never in browser storage.
 */
export function useAutosave<T>({
  initial,
  save,
  delayMs = 1000,
  enabled = true,
  canSave,
  same = Object.is,
  warnOnLeave = true,
}: {
  initial: T;
  save: (value: T) => Promise<unknown>;
  delayMs?: number;
  enabled?: boolean;
  /** False for a value the server would refuse (a text over the length limit): it is kept here, not sent. */
  canSave?: (value: T) => boolean;
  /** Whether two values are the same draft (a new object with the same content is; the default compares identity). */
  same?: (a: T, b: T) => boolean;
  warnOnLeave?: boolean;
}) {
  const [value, setValue] = useState(initial);
  const [state, setState] = useState<SaveState>('saved');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const latest = useRef(initial);
  const confirmed = useRef(initial);
  const inFlight = useRef(false);
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  const canSaveRef = useRef(canSave);
  const sameRef = useRef(same);
  // flush re-arms the timer to call itself (a retry, or a change made while it saved): the timer reaches
  // it through this ref, as a callback cannot name itself.
  const flushRef = useRef(async () => false);
  // Timers and listeners outlive the render that made them: they read the latest callbacks from refs.
  useLayoutEffect(() => {
    saveRef.current = save;
    canSaveRef.current = canSave;
    sameRef.current = same;
  });
  const pending = () => !sameRef.current(latest.current, confirmed.current);

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const schedule = (ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flushRef.current(), ms);
  };

  const flush = useCallback(async (): Promise<boolean> => {
    clear();
    if (inFlight.current) return false;
    const value = latest.current;
    if (!pending()) {
      setState('saved');
      return true;
    }
    if (canSaveRef.current?.(value) === false) {
      setState('invalid');
      return false;
    }
    inFlight.current = true;
    setState('saving');
    try {
      await saveRef.current(value);
      confirmed.current = value;
      attempt.current = 0;
      setFailure(null);
      setSavedAt(new Date());
      if (!pending()) setState('saved');
      else schedule(0);
      return true;
    } catch (error) {
      setState('unsaved');
      if (isRetryable(error)) {
        schedule(RETRY_MS[Math.min(attempt.current, RETRY_MS.length - 1)]!);
        attempt.current += 1;
      } else {
        setFailure(isApiError(error) ? error : null);
      }
      return false;
    } finally {
      inFlight.current = false;
    }
  }, []);
  useLayoutEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  const change = useCallback(
    (value: T) => {
      latest.current = value;
      setValue(value);
      setFailure(null);
      if (canSaveRef.current?.(value) === false) {
        // Nothing to send: the last value the server accepted stays its draft.
        clear();
        setState(pending() ? 'invalid' : 'saved');
        return;
      }
      setState((s) => (s === 'unsaved' ? 'unsaved' : 'saving'));
      if (enabled) schedule(delayMs);
    },
    [delayMs, enabled],
  );

  /** The server has this value now (after a submit): nothing is pending. */
  const markSaved = useCallback((value: T) => {
    clear();
    latest.current = value;
    confirmed.current = value;
    setValue(value);
    setState('saved');
  }, []);

  useEffect(() => {
    const online = () => {
      if (pending()) void flush();
    };
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!warnOnLeave || !pending()) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
      clear();
    };
  }, [flush, warnOnLeave]);

  return { value, change, state, savedAt, failure, flush, markSaved, dirty: state !== 'saved', cancelPending: clear };
}
