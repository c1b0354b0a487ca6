// Apart from booking.ts and its zod schemas: the back office's search box reads a code without them.
/** A booking code's alphabet: 8 characters with no look-alikes (no 0/O, 1/I/L). */
export const BOOKING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
