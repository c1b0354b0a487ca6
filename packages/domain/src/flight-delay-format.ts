// Apart from flight-delay.ts and its zod schemas: the diary and the booking summary show a delay and
// validate nothing, and their download stays without zod.
/** "+2 h 10 min", "+45 min", "+3 h": how the diary and the emails say a delay. */
export function formatDelay(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `+${rest} min`;
  return rest === 0 ? `+${hours} h` : `+${hours} h ${rest} min`;
}
