import type { Warehouse, WarehouseInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { practitionerMeKey, warehouseKeys } from './keys';

/** Registers a warehouse (id absent) or updates one. */
export function saveWarehouse({ id, body }: { id?: string; body: WarehouseInput }): Promise<Warehouse> {
  return id
    ? apiRequest<Warehouse>(`/portal/me/warehouses/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiRequest<Warehouse>('/portal/me/warehouses/', { method: 'POST', body });
}

export function useSaveWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWarehouse,
    // A first warehouse gives the practitioner a warehouseID: the sidebar's Kits entry goes.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: warehouseKeys.all }), queryClient.invalidateQueries({ queryKey: practitionerMeKey })]),
  });
}
