/**
 * A customer's saved vehicles (public-site §7 "Vehicles", back-office §7): owner, not deleted, with the vehicle
 * type. One query for My Vehicles and the booking wizard's car step, so that a vehicle saved or deleted on
 * one is current on the other.
 */
import { queryOptions } from '@tanstack/react-query';
import type { VehicleAttributes } from '@parking/domain/api-contract/accounts';
import type { VehicleTypeAttributes } from '@parking/domain/api-contract/catalogue';
import { apiRequest } from './client';
import { IncludedIndex, relatedId, type ListDocument } from './jsonapi';

export interface SavedVehicle {
  id: string;
  rego: string;
  make: string;
  model: string;
  colour: string;
  /** The vehicle type's id ('' if the answer names none). */
  vehicleTypeId: string;
  vehicleTypeName: string;
}

export const savedVehiclesKey = (customerId: string) => ['vehicles', 'mine', customerId] as const;

export const savedVehiclesQuery = (customerId: string) =>
  queryOptions({
    queryKey: savedVehiclesKey(customerId),
    queryFn: async ({ signal }): Promise<SavedVehicle[]> => {
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
        vehicleTypeId: relatedId(vehicle, 'vehicleType') ?? '',
        vehicleTypeName:
          included.one<VehicleTypeAttributes>(vehicle, 'vehicleType', 'vehicle-types')?.attributes.name ?? '',
      }));
    },
  });
