import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleInput } from '@parking/domain/vehicles';
import { apiRequest } from '@/lib/api/client';
import { IncludedIndex, relatedId, writeDocument, type ListDocument } from '@/lib/api/jsonapi';

interface VehicleAttributes {
  rego: string;
  make: string;
  model: string;
  colour: string;
  deleted: boolean;
  fullName: string;
}

export interface Vehicle {
  id: string;
  rego: string;
  make: string;
  model: string;
  colour: string;
  vehicleTypeId: string | null;
  vehicleTypeName: string;
}

const vehiclesKey = (customerId: string) => ['vehicles', 'mine', customerId] as const;

/** The customer's saved vehicles (spec §7): owner, not deleted, with the vehicle type. */
export const myVehiclesQuery = (customerId: string) =>
  queryOptions({
    queryKey: vehiclesKey(customerId),
    queryFn: async ({ signal }): Promise<Vehicle[]> => {
      const document = await apiRequest<ListDocument<VehicleAttributes>>('vehicles', {
        signal,
        query: {
          'filter[owner]': customerId,
          'filter[deleted]': 'false',
          include: 'vehicleType',
          'page[size]': 100,
        },
      });
      const included = new IncludedIndex(document.included);
      return document.data.map((vehicle) => ({
        id: vehicle.id,
        rego: vehicle.attributes.rego,
        make: vehicle.attributes.make,
        model: vehicle.attributes.model,
        colour: vehicle.attributes.colour,
        vehicleTypeId: relatedId(vehicle, 'vehicleType'),
        vehicleTypeName: included.one<{ name: string }>(vehicle, 'vehicleType', 'vehicle-types')?.attributes.name ?? '',
      }));
    },
  });

export type VehicleSave = VehicleInput & { vehicleType: string };

/** Save a vehicle with its vehicle type and owner (spec §7): create without an id, update with one. */
export function useSaveVehicle(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: VehicleSave }) =>
      apiRequest<unknown>(id ? `vehicles/${id}` : 'vehicles', {
        method: id ? 'PATCH' : 'POST',
        body: writeDocument(
          'vehicles',
          { rego: values.rego, make: values.make, model: values.model, colour: values.colour },
          {
            id,
            relationships: {
              vehicleType: { type: 'vehicle-types', id: values.vehicleType },
              owner: { type: 'customers', id: customerId },
            },
          },
        ),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKey(customerId) }),
  });
}

/** Delete is soft (spec §4): the vehicle is saved with deleted=true and leaves the list. */
export function useDeleteVehicle(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`vehicles/${id}`, {
        method: 'PATCH',
        body: writeDocument('vehicles', { deleted: true }, { id }),
      }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Vehicle[]>(vehiclesKey(customerId), (list) => list?.filter((vehicle) => vehicle.id !== id));
      return queryClient.invalidateQueries({ queryKey: vehiclesKey(customerId) });
    },
  });
}
