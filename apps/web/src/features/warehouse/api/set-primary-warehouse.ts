import type { Warehouse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { practitionerMeKey, warehouseKeys } from './keys';

export function setPrimaryWarehouse(id: string): Promise<Warehouse> {
  return apiRequest<Warehouse>(`/portal/me/warehouses/${encodeURIComponent(id)}/primary/`, { method: 'PATCH' });
}

export function useSetPrimaryWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryWarehouse,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: warehouseKeys.all }), queryClient.invalidateQueries({ queryKey: practitionerMeKey })]),
  });
}
