import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { IncludedIndex, relatedId, type ListDocument } from '@/lib/api/jsonapi';

export interface SavedVehicle {
  id: string;
  rego: string;
  make: string;
  model: string;
  colour: string;
  vehicleTypeId: string;
  vehicleTypeName: string;
}

/** A customer's saved vehicles (public-site §7 "Vehicles"): owner, not deleted, with the vehicle type. */
export const savedVehiclesQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['booking', 'saved-vehicles', customerId],
    queryFn: async ({ signal }): Promise<SavedVehicle[]> => {
      const document = await apiRequest<
        ListDocument<{ rego: string; make: string; model: string; colour: string }>
      >('vehicles', {
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
        vehicleTypeId: relatedId(vehicle, 'vehicleType') ?? '',
        vehicleTypeName:
          included.one<{ name: string }>(vehicle, 'vehicleType', 'vehicle-types')?.attributes.name ?? '',
      }));
    },
  });
