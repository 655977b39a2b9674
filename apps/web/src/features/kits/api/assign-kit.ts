import type { AssignKitBody, KitRow } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { kitKeys } from './keys';

/** Hands the kit with this sample label to the session's patient (400416 when it is taken). */
export function assignKit({ sessionId, body }: { sessionId: string; body: AssignKitBody }): Promise<KitRow> {
  return apiRequest<KitRow>(`/portal/sessions/${encodeURIComponent(sessionId)}/kit`, { method: 'PUT', body });
}

export function useAssignKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignKit,
    // The kit lists, the session (its overview shows the kit) and the warehouse stock all change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kitKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['sessions'] }),
        queryClient.invalidateQueries({ queryKey: ['warehouse'] }),
      ]),
  });
}
