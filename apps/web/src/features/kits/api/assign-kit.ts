import { ErrorCode, type AssignKitBody, type KitRow } from '@portal/contract';
import { kitsApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api-client';
import { kitKeys } from './keys';

/** Hands the kit with this sample label to the session's patient (400416 when it is taken). */
export function assignKit({ sessionId, body }: { sessionId: string; body: AssignKitBody }): Promise<KitRow> {
  return call(kitsApi.assign, { params: { id: sessionId }, body });
}

/** 400416: someone (another tab, a colleague, an order) took the kit first. */
export const isKitTaken = (error: unknown) => isApiError(error) && error.code === ErrorCode.KIT_TAKEN;

export function useAssignKit() {
  const queryClient = useQueryClient();
  // The kit lists, the session (its overview shows the kit) and the warehouse stock all change.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: kitKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['sessions'] }),
      queryClient.invalidateQueries({ queryKey: ['warehouse'] }),
    ]);
  return useMutation({
    mutationFn: assignKit,
    onSuccess: refresh,
    // A taken kit means what is on screen is out of date: read it again rather than wait for a reload.
    onError: (error) => (isKitTaken(error) ? refresh() : undefined),
  });
}
