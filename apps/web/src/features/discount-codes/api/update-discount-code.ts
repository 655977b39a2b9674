import { type DiscountCode, type DiscountCodeInput } from '@portal/contract';
import { discountCodesApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { discountKeys } from './keys';

/** A code's rule, upsell and options change; the code itself stays (the server refuses another). */
export function updateDiscountCode({ id, body }: { id: string; body: DiscountCodeInput }): Promise<DiscountCode> {
  return call(discountCodesApi.update, { params: { id }, body });
}

export function useUpdateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDiscountCode, onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }) });
}
