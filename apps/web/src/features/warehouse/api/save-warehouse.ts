import { type Warehouse, type WarehouseInput } from '@portal/contract';
import { warehouseApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practitionerMeKey, warehouseKeys } from './keys';

/** Registers a warehouse (id absent) or updates one. */
export function saveWarehouse({ id, body }: { id?: string; body: WarehouseInput }): Promise<Warehouse> {
  return id ? call(warehouseApi.update, { params: { id }, body }) : call(warehouseApi.create, { body });
}

export function setPrimaryWarehouse(id: string): Promise<Warehouse> {
  return call(warehouseApi.makePrimary, { params: { id } });
}

/** A change to the practice's warehouses, after which the warehouses and the practitioner's profile are read again. */
function useWarehouseChange<V>(mutationFn: (variables: V) => Promise<Warehouse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The profile carries the primary warehouse's id: a first warehouse makes the sidebar's Kits entry go.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: warehouseKeys.all }), queryClient.invalidateQueries({ queryKey: practitionerMeKey })]),
  });
}

export const useSaveWarehouse = () => useWarehouseChange(saveWarehouse);

export const useSetPrimaryWarehouse = () => useWarehouseChange(setPrimaryWarehouse);
