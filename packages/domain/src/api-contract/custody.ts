/**
 * The API contract: a car's custody record (issue 23).
 *
 *   GET  bookings/{id}/custody/              the record (staff; the booking's customer; a manage token)
 *   POST bookings/{id}/custody/check-ins/    `custody-check-ins`: lotRegion, parkedBy (staff)
 *   POST bookings/{id}/custody/moves/        `custody-moves`: lotRegion, movedBy (staff)
 *   POST bookings/{id}/custody/hand-backs/   `custody-hand-backs`: returnedBy (staff)
 *   POST bookings/{id}/custody/photos/       the photo's bytes as the body (image/jpeg, png or webp; staff)
 *   GET  custody-photos/{photoId}/           the photo (whoever may read the record; anyone else 404)
 *
 * Each write answers the record as GET does. Datetimes are ISO 8601; kilometres whole numbers.
 */
import type { CarArea, CustodyKind, CustodyStatus } from '../custody';

export interface DamageMarkAttributes {
  area: CarArea;
  note: string;
}

/** One event of the record: who did what, when and where. */
export interface CustodyEntryAttributes {
  id: string;
  kind: CustodyKind;
  at: string;
  /** The staff member who parked, moved or handed back the car (customers see the first name only). */
  staffName: string;
  lotRegionName: string | null;
  lotRegionRow: number | null;
  kilometers: number | null;
}

export interface CustodyPhotoAttributes {
  id: string;
  /** Below the API prefix: `custody-photos/{id}/` (authorised, never public). */
  path: string;
  width: number;
  height: number;
  created: string;
}

/** `custody-records`: the booking's record (id: the booking's id). */
export interface CustodyRecordAttributes {
  bookingCode: string;
  status: CustodyStatus;
  checkedInAt: string | null;
  handedBackAt: string | null;
  /** The lot, region and row the car is in now. */
  lotName: string;
  lotRegionName: string | null;
  lotRegionRow: number | null;
  fuelLevel: string;
  damage: DamageMarkAttributes[];
  kilometersIn: number | null;
  kilometersOut: number | null;
  kilometersDriven: number | null;
  entries: CustodyEntryAttributes[];
  photos: CustodyPhotoAttributes[];
  /** Staff only: the key tag and the check-in's notes. */
  keyTag?: string;
  notes?: string;
}
