import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useAutosave } from './use-autosave';

const networkDown = () => new ApiError({ status: 0, code: '0', message: '', params: null, fieldErrors: null, cause: null });
const refused = () => new ApiError({ status: 400, code: '400414', message: '', params: null, fieldErrors: null, cause: null });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useAutosave', () => {
  it('saves the latest text once typing pauses', async () => {
    const save = vi.fn().mockResolvedValue({});
    const { result } = renderHook(() => useAutosave({ initial: '', save, delayMs: 1000 }));
    act(() => result.current.change('Hel'));
    act(() => result.current.change('Hello'));
    expect(result.current.state).toBe('saving');
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('Hello');
    expect(result.current.state).toBe('saved');
  });

  it('keeps the text marked unsaved while the server cannot be reached, retries, and saves when it is back', async () => {
    const save = vi.fn().mockRejectedValueOnce(networkDown()).mockRejectedValueOnce(networkDown()).mockResolvedValue({});
    const { result } = renderHook(() => useAutosave({ initial: '', save, delayMs: 500 }));
    act(() => result.current.change('Important note'));
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(result.current.state).toBe('unsaved');
    expect(result.current.value).toBe('Important note');
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(save).toHaveBeenCalledTimes(2);
    expect(result.current.state).toBe('unsaved');
    // The browser reports the network is back: try at once rather than wait for the back-off.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(save).toHaveBeenCalledTimes(3);
    expect(save).toHaveBeenLastCalledWith('Important note');
    expect(result.current.state).toBe('saved');
  });

  it('keeps a text the server would refuse (canSave false) unsent, marked invalid, and saves once it is fixed', async () => {
    const save = vi.fn().mockResolvedValue({});
    const { result } = renderHook(() => useAutosave({ initial: 'ok', save, delayMs: 500, canSave: (v) => v.length <= 5 }));
    act(() => result.current.change('far too long'));
    expect(result.current.state).toBe('invalid');
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    await act(async () => {
      expect(await result.current.flush()).toBe(false);
    });
    expect(save).not.toHaveBeenCalled();
    expect(result.current.dirty).toBe(true);
    expect(result.current.value).toBe('far too long');
    act(() => result.current.change('short'));
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(save).toHaveBeenCalledWith('short');
    expect(result.current.state).toBe('saved');
  });

  it('stops retrying on a final refusal and reports it', async () => {
    const save = vi.fn().mockRejectedValue(refused());
    const { result } = renderHook(() => useAutosave({ initial: '', save, delayMs: 100 }));
    act(() => result.current.change('x'));
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(result.current.failure?.code).toBe('400414');
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('warns before the page is left with unsaved text, and not otherwise', async () => {
    const save = vi.fn().mockResolvedValue({});
    const { result } = renderHook(() => useAutosave({ initial: 'a', save, delayMs: 1000 }));
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    act(() => result.current.change('ab'));
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('never writes the text to browser storage', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const save = vi.fn().mockRejectedValue(networkDown());
    const { result } = renderHook(() => useAutosave({ initial: '', save, delayMs: 10 }));
    act(() => result.current.change('Patient has a history of ...'));
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(setItem).not.toHaveBeenCalled();
  });
});
