/**
 * Who may touch a public setting (lots, rates, extras, flights, lookups...): the public site reads what it prices
 * and offers with, so anyone may list and read; Admins alone change them.
 */
export const PUBLIC_SETTINGS_ACCESS = {
  list: 'anyone',
  read: 'anyone',
  create: 'admin',
  update: 'admin',
  delete: 'admin',
} as const;
