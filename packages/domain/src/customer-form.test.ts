import { describe, expect, it } from 'vitest';
import { customerAttributes, customerFormSchema, newCustomerValues } from './customer-form';

const valid = {
  ...newCustomerValues(),
  title: 'Mr',
  firstName: 'Sam',
  lastName: 'Lee',
  email: ' Sam@Example.com ',
  phoneNumber: '0400 000 001',
};

const messageOf = (values: object, field: string) =>
  customerFormSchema.safeParse(values).error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('customerFormSchema', () => {
  it('accepts a new customer with the default role and no password', () => {
    const parsed = customerFormSchema.parse(valid);
    expect(parsed).toMatchObject({
      email: 'sam@example.com',
      roles: ['Customers'],
      password: '',
      login: true,
    });
  });

  it.each([
    ['email', '', 'Email address required'],
    ['email', 'sam@', 'Email address must be valid'],
    ['password', 'short', 'Password must be at least 8 chars'],
    ['password', '12345678', 'Password must include non-numeric chars'],
    ['roles', [], 'At least one role is required.'],
    ['firstName', ' ', 'This field is required.'],
    ['title', '', 'This field is required.'],
  ])('refuses %s %j with "%s"', (field, value, message) => {
    expect(messageOf({ ...valid, [field]: value }, field)).toBe(message);
  });
});

describe('customerAttributes', () => {
  const output = customerFormSchema.parse({ ...valid, roles: ['Sales'], password: 'Secret-pass-1' });

  it('sends the roles of a login being created, and a typed password', () => {
    expect(customerAttributes(output, { hadLogin: false, rolesChanged: false })).toMatchObject({
      roles: ['Sales'],
      password: 'Secret-pass-1',
    });
  });

  it('leaves an existing login’s roles alone unless they were changed', () => {
    expect(customerAttributes(output, { hadLogin: true, rolesChanged: false })).not.toHaveProperty('roles');
    expect(customerAttributes(output, { hadLogin: true, rolesChanged: true })).toHaveProperty('roles', [
      'Sales',
    ]);
  });

  it('sends nothing of a login for a customer who has none and gets none', () => {
    const attributes = customerAttributes(
      { ...output, login: false },
      { hadLogin: false, rolesChanged: true },
    );
    expect(attributes).not.toHaveProperty('roles');
    expect(attributes).not.toHaveProperty('password');
    expect(attributes).toMatchObject({ firstName: 'Sam', email: 'sam@example.com' });
  });
});
