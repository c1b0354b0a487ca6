/**
 * The back office's customer form (back-office §2 "Customers", §3 Customer and User, §5): the customer's
 * details and their login (Permission Group and an optional password) in one form, saved in one request
 * to the customers resource, which validates the same attributes again.
 */
import { z } from 'zod';
import { DEFAULT_ROLES, ROLES, TITLES, type Role } from './constants';
import { choice, email, optionalText, requiredText } from './fields';
import { messages } from './messages';
import { isCommonPassword } from './new-password';

/** Optional: empty means "leave it"; anything typed follows the password rules. */
const optionalPassword = z
  .string()
  .max(128, { error: 'Ensure this field has no more than 128 characters.' })
  .refine((value) => value === '' || value.length >= 8, { error: messages.passwordTooShort, abort: true })
  .refine((value) => value === '' || !/^\d+$/.test(value), { error: messages.passwordNumeric, abort: true })
  .refine((value) => value === '' || !isCommonPassword(value), { error: messages.passwordCommon });

export const customerFormSchema = z.object({
  title: choice(TITLES),
  firstName: requiredText(100),
  lastName: requiredText(100),
  email,
  phoneNumber: requiredText(30),
  business: optionalText(150),
  privateNotes: optionalText(5000),
  /**
   * Whether the customer has (or is to get) a login. A walk-in customer has none until staff create it;
   * their roles are then the default, shown but not sent.
   */
  login: z.boolean(),
  roles: z.array(z.enum(ROLES, { error: messages.invalidChoice })).min(1, { error: messages.atLeastOneRole }),
  password: optionalPassword,
});
/** The title is plain text while being edited ('' before one is chosen). */
export type CustomerFormValues = Omit<z.input<typeof customerFormSchema>, 'title'> & { title: string };
export type CustomerFormOutput = z.output<typeof customerFormSchema>;

export const newCustomerValues = (): CustomerFormValues => ({
  title: '',
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  business: '',
  privateNotes: '',
  login: true,
  roles: [...DEFAULT_ROLES],
  password: '',
});

export interface CustomerWriteOptions {
  /** The customer's login exists already (false for a new customer or a walk-in getting one now). */
  hadLogin: boolean;
  /** Whether the user changed the roles in the form. */
  rolesChanged: boolean;
}

/**
 * The customers resource's attributes for the form's output. Roles go when a login is being created
 * (the server then needs them) or when they were changed, so that saving an unrelated field never
 * touches a login; the password only when one was typed.
 */
export function customerAttributes(
  values: CustomerFormOutput,
  options: CustomerWriteOptions,
): Record<string, unknown> {
  const attributes: Record<string, unknown> = {
    title: values.title,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phoneNumber: values.phoneNumber,
    business: values.business,
    privateNotes: values.privateNotes,
  };
  if (!values.login) return attributes;
  const roles: Role[] = values.roles;
  if (!options.hadLogin || options.rolesChanged) attributes.roles = roles;
  if (values.password) attributes.password = values.password;
  return attributes;
}
