import { warehouseApi, type Warehouse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practitionerMeKey, warehouseKeys } from './keys';

export function setPrimaryWarehouse(id: string): Promise<Warehouse> {
  return call(warehouseApi.makePrimary, { params: { id } });
}

export function useSetPrimaryWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryWarehouse,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: warehouseKeys.all }), queryClient.invalidateQueries({ queryKey: practitionerMeKey })]),
  });
}
