import { columns, type Column } from '@/components/admin/columns';
import { saveResource } from '@/lib/api/resources';
import type { VehicleAttributes } from '@parking/domain/api-contract/accounts';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';

/**
 * What a back-office list of vehicles shows (back-office §2), on the Vehicles screen and below a customer: the
 * vehicle's own columns, only live vehicles (§3: not deleted, not the placeholder regos of bookings made without
 * one), and a Delete that only marks the vehicle deleted (§4).
 */
export const vehicleColumns: readonly Column<VehicleAttributes>[] = [
  columns.text<VehicleAttributes>('rego', 'Rego'),
  columns.text<VehicleAttributes>('make', 'Make'),
  columns.text<VehicleAttributes>('model', 'Model', { sortKey: undefined }),
  columns.text<VehicleAttributes>('colour', 'Colour', { sortKey: undefined }),
  columns.related<VehicleAttributes, NamedAttributes>(
    'vehicleType',
    'vehicle-types',
    (type) => type.name,
    'Vehicle type',
  ),
];

export const LIVE_VEHICLES = { deleted: 'false', regoUuid: 'false' } as const;

/** Back-office §4: a vehicle is never removed, only marked deleted. */
export async function markVehicleDeleted(id: string): Promise<void> {
  await saveResource('vehicles', { attributes: { deleted: true } }, id);
}
