import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSystemStore } from '../store/system-store';
import { lazyChecks, useContractForm } from './form';

type Values = { name: string };
const checks = { nameErrors: (v: Values) => ({ name: v.name.trim() === '' ? 'This field is required' : undefined }) };

/** Checks whose load the test lets through (or fails) when it wants. */
function heldChecks() {
  const loads: { resolve: (m: typeof checks) => void; reject: (e: Error) => void }[] = [];
  const lazy = lazyChecks(
    () =>
      new Promise<typeof checks>((resolve, reject) => {
        loads.push({ resolve, reject });
      }),
  );
  return { lazy, loads };
}

const useNameForm = (lazy: ReturnType<typeof heldChecks>['lazy']) =>
  useContractForm({ initialValues: { name: '' } as Values, checks: lazy, validate: (v, c) => c.nameErrors(v) });

describe('useContractForm with checks loaded beside the page', () => {
  it('takes typing before the checks are in, then shows their errors for what it holds', async () => {
    const { lazy, loads } = heldChecks();
    const { result } = renderHook(() => useNameForm(lazy));
    expect(loads).toHaveLength(1); // loading starts when the form is drawn
    expect(result.current.ready).toBe(false);
    act(() => result.current.set('name', 'Ann'));
    act(() => result.current.set('name', ''));
    expect(result.current.values.name).toBe('');
    expect(result.current.errors).toEqual({});
    await act(async () => loads[0]!.resolve(checks));
    expect(result.current.ready).toBe(true);
    expect(result.current.errors).toEqual({ name: 'This field is required' });
    expect(result.current.shown).toEqual({}); // shown only once a submit was tried, as before
  });

  it('a submit before the checks are in waits for them and sends only what passes, as the form holds it then', async () => {
    const { lazy, loads } = heldChecks();
    const send = vi.fn();
    const { result } = renderHook(() => useNameForm(lazy));
    act(() => result.current.submit(send));
    act(() => result.current.set('name', 'Ann'));
    expect(send).not.toHaveBeenCalled();
    await act(async () => loads[0]!.resolve(checks));
    expect(send).toHaveBeenCalledWith({ name: 'Ann' });
  });

  it('never sends unchecked: an empty value waits and is refused, a failed load sends nothing and the next submit loads again', async () => {
    expect(useSystemStore.getState().errorModal.opened).toBe(false);
    const { lazy, loads } = heldChecks();
    const send = vi.fn();
    const { result } = renderHook(() => useNameForm(lazy));
    await act(async () => loads[0]!.reject(new Error('chunk failed')));
    act(() => result.current.set('name', 'Ann'));
    act(() => result.current.submit(send));
    expect(loads).toHaveLength(2);
    await act(async () => loads[1]!.reject(new Error('chunk failed')));
    expect(send).not.toHaveBeenCalled();
    // The failed load at submit is said in the catalogue's words; the one at drawing was silent.
    expect(useSystemStore.getState().errorModal).toMatchObject({ opened: true, content: 'Unexpected error occured' });
    act(() => useSystemStore.getState().closeError());
    expect(result.current.values.name).toBe('Ann');
    act(() => result.current.set('name', ''));
    act(() => result.current.submit(send));
    await act(async () => loads[2]!.resolve(checks));
    expect(send).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current.shown).toEqual({ name: 'This field is required' }));
  });
});
