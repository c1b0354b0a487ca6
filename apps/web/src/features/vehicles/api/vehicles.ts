import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleInput } from '@parking/domain/vehicles';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';
import { savedVehiclesKey, type SavedVehicle } from '@/lib/api/vehicles';

/** A saved vehicle as My Vehicles shows it (the shared query's row). */
export type Vehicle = SavedVehicle;

export type VehicleSave = VehicleInput & { vehicleType: string };

/** Save a vehicle with its vehicle type and owner (public-site §7): create without an id, update with one. */
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedVehiclesKey(customerId) }),
  });
}

/** Delete is soft (public-site §4): the vehicle is saved with deleted=true and leaves the list. */
export function useDeleteVehicle(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`vehicles/${id}`, {
        method: 'PATCH',
        body: writeDocument('vehicles', { deleted: true }, { id }),
      }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Vehicle[]>(savedVehiclesKey(customerId), (list) =>
        list?.filter((vehicle) => vehicle.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: savedVehiclesKey(customerId) });
    },
  });
}
