/** Small lists several screens choose from (the wizard's car details, My Vehicles, the back office). */
import { queryOptions } from '@tanstack/react-query';
import type { VehicleTypeAttributes } from '@parking/domain/api-contract/catalogue';
import { apiRequest } from './client';
import type { ListDocument } from './jsonapi';

export interface VehicleType {
  id: string;
  name: string;
}

/** Vehicle types, ordered by name (public-site §7). */
export const vehicleTypesQuery = queryOptions({
  queryKey: ['vehicle-types'],
  queryFn: async ({ signal }): Promise<VehicleType[]> => {
    const document = await apiRequest<ListDocument<VehicleTypeAttributes>>('vehicle-types', {
      signal,
      query: { sort: 'name', 'page[size]': 1000 },
    });
    return document.data.map((type) => ({ id: type.id, name: type.attributes.name }));
  },
  staleTime: 60 * 60_000,
});
