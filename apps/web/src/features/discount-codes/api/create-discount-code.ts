import { type DiscountCode, type DiscountCodeInput } from '@portal/contract';
import { discountCodesApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { discountKeys } from './keys';

/** An empty or absent code: the server generates one. A taken code answers 400 with fieldErrors.code. */
export function createDiscountCode(body: DiscountCodeInput): Promise<DiscountCode> {
  return call(discountCodesApi.create, { body });
}

export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDiscountCode, onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }) });
}
