import { type DiscountCode } from '@portal/contract';
import { discountCodesApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { discountKeys } from './keys';

/** Irreversible: a deactivated code is refused on every later order. */
export function deactivateDiscountCode(id: string): Promise<DiscountCode> {
  return call(discountCodesApi.deactivate, { params: { id } });
}

export function useDeactivateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateDiscountCode, onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }) });
}
