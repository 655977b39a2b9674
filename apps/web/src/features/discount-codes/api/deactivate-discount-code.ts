import type { DiscountCode } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { discountKeys } from './keys';

/** Irreversible: a deactivated code is refused on every later order. */
export function deactivateDiscountCode(id: string): Promise<DiscountCode> {
  return apiRequest<DiscountCode>(`/portal/discount-codes/${encodeURIComponent(id)}/deactivate`, { method: 'POST' });
}

export function useDeactivateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateDiscountCode, onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }) });
}
