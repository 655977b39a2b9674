import { warehouseApi, type Warehouse, type WarehouseInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practitionerMeKey, warehouseKeys } from './keys';

/** Registers a warehouse (id absent) or updates one. */
export function saveWarehouse({ id, body }: { id?: string; body: WarehouseInput }): Promise<Warehouse> {
  return id ? call(warehouseApi.update, { params: { id }, body }) : call(warehouseApi.create, { body });
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
