/**
 * Australian Business Numbers: 11 digits with a checksum (the ATO's rule: subtract 1 from the first
 * digit, weight the digits 10, 1, 3, 5, ... 19, and the sum divides by 89).
 */
const WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce(
    (total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * (WEIGHTS[index] ?? 0),
    0,
  );
  return sum % 89 === 0;
}

/** '51824753556' → '51 824 753 556', as the ATO prints it. */
export function formatAbn(value: string): string {
  const digits = value.replace(/\s/g, '');
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8, 11)}`;
}
