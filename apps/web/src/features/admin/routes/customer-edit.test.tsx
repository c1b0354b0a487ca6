import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_ALPHABETS } from '@parking/domain/passwords';
import { paths } from '@/config/paths';
import { mockApi, sessionDocument, type MockRoute } from '@/test/api-mock';
import { renderRoutes } from '@/test/render';
import { CustomerEditPage } from './customer-edit';

const routes = [
  { path: paths.adminCustomers.path, element: <h1>Customers</h1> },
  { path: paths.adminCustomersAdd.path, element: <CustomerEditPage /> },
  { path: paths.adminCustomersEdit.path, element: <CustomerEditPage /> },
];

const emptyList = { data: [], meta: { pagination: { count: 0, page: 1, pages: 1 } } };

/** GET customers/{id}/?include=user as the server answers it; `userId` null for a customer without a login. */
function customerRoute(
  id: string,
  userId: string | null,
  overrides: Record<string, unknown> = {},
): MockRoute {
  const attributes = {
    email: 'pat@example.com',
    emailConfirmed: true,
    title: 'Mr',
    firstName: 'Pat',
    lastName: 'Jones',
    phoneNumber: '0400 111 222',
    business: '',
    fullName: 'Pat Jones',
    hasSubscription: false,
    created: '2026-01-05T00:00:00Z',
    privateNotes: '',
    staff: false,
    roles: userId ? ['Customers'] : [],
    ...overrides,
  };
  return {
    path: `customers/${id}/`,
    body: {
      data: {
        type: 'customers',
        id,
        attributes,
        relationships: { user: { data: userId ? { type: 'users', id: userId } : null } },
      },
      included: userId
        ? [
            {
              type: 'users',
              id: userId,
              attributes: {
                email: attributes.email,
                roles: attributes.roles,
                activeIndoorSubscription: false,
                activeOutdoorSubscription: false,
              },
            },
          ]
        : [],
    },
  };
}

function api(roles: string[], extra: MockRoute[] = []) {
  return mockApi([
    { path: 'sessions/current/', body: sessionDocument({ roles }) },
    { path: 'vehicles/', body: emptyList },
    { path: 'bookings/', body: emptyList },
    ...extra,
  ]);
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const roleBox = (role: string) => screen.getByRole('checkbox', { name: role });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('customer form', () => {
  it('says what is wrong with the email and the password, beside the fields', async () => {
    const user = userEvent.setup();
    api(['Admins']);
    renderRoutes(routes, paths.adminCustomersAdd.path);
    const email = await screen.findByRole('textbox', { name: /^Email/ });

    await user.type(email, 'pat@');
    await user.tab();
    expect(email).toHaveAccessibleDescription('Email address must be valid');
    await user.clear(email);
    await user.tab();
    expect(email).toHaveAccessibleDescription('Email address required');

    const password = screen.getByLabelText(/^Password/);
    await user.type(password, 'short');
    await user.tab();
    expect(password).toHaveAccessibleDescription('Password must be at least 8 chars');
    await user.clear(password);
    await user.type(password, '12345678');
    await user.tab();
    expect(password).toHaveAccessibleDescription('Password must include non-numeric chars');

    // A required field left empty.
    await user.click(field(/^First Name/));
    await user.tab();
    expect(field(/^First Name/)).toHaveAccessibleDescription('This field is required.');
    expect(save()).toBeDisabled();
  });

  it('a new customer starts as Customers, and at least one role is required', async () => {
    const user = userEvent.setup();
    api(['Admins']);
    renderRoutes(routes, paths.adminCustomersAdd.path);
    expect(await screen.findByRole('heading', { name: 'Add Customer' })).toBeInTheDocument();
    expect(roleBox('Customers')).toBeChecked();
    expect(roleBox('Admins')).not.toBeChecked();
    // Enabled once the session says who is signed in (an Admin).
    await waitFor(() => expect(roleBox('Customers')).toBeEnabled());
    await user.click(roleBox('Customers'));
    await user.tab();
    expect(await screen.findByText('At least one role is required.')).toBeInTheDocument();
  });

  it('Generate fills in a visible 16-character password from every kind of character', async () => {
    const user = userEvent.setup();
    api(['Admins']);
    renderRoutes(routes, paths.adminCustomersAdd.path);
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'text');
    const value = (password as HTMLInputElement).value;
    expect(value).toHaveLength(16);
    for (const alphabet of Object.values(PASSWORD_ALPHABETS))
      expect([...value].some((character) => alphabet.includes(character))).toBe(true);
    expect(
      [...value].every((character) => Object.values(PASSWORD_ALPHABETS).join('').includes(character)),
    ).toBe(true);
    expect(password).not.toHaveAccessibleDescription(/Password must/);
  });

  it('creates the customer and their login in one request, and says "Customer Created"', async () => {
    const user = userEvent.setup();
    const { calls } = api(
      ['Admins'],
      [
        {
          method: 'POST',
          path: 'customers/',
          status: 201,
          reply: () => ({ status: 201, body: { data: { type: 'customers', id: '41', attributes: {} } } }),
        },
        customerRoute('41', '90'),
      ],
    );
    const { router } = renderRoutes(routes, paths.adminCustomersAdd.path);
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Title/ }), 'Mr');
    await user.type(field(/^First Name/), 'Pat');
    await user.type(field(/^Last Name/), 'Jones');
    await user.type(field(/^Email/), 'Pat@Example.com');
    await user.type(field(/^Phone Number/), '0400 111 222');
    await user.click(roleBox('Sales'));
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());

    expect(await screen.findByText('Customer Created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customers/41'));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      data: {
        type: 'customers',
        attributes: {
          title: 'Mr',
          firstName: 'Pat',
          lastName: 'Jones',
          email: 'pat@example.com',
          phoneNumber: '0400 111 222',
          business: '',
          privateNotes: '',
          roles: ['Sales', 'Customers'],
        },
      },
    });
  });

  it('an admin cannot change their own roles: the Permission Group is disabled on their own customer', async () => {
    // The session's user is users/3 with customers/7.
    api(['Admins'], [customerRoute('7', '3', { roles: ['Admins'] })]);
    renderRoutes(routes, '/admin/customers/7');
    await waitFor(() => expect(field(/^First Name/)).toHaveValue('Pat'));
    expect(roleBox('Admins')).toBeChecked();
    for (const role of ['Admins', 'Sales', 'Employees', 'Customers']) expect(roleBox(role)).toBeDisabled();
    expect(screen.getByRole('group', { name: /Permission Group/ })).toHaveAccessibleDescription(
      'You cannot change your own roles.',
    );
  });

  it('only Admins set roles: a Sales user sees them disabled', async () => {
    api(['Sales'], [customerRoute('12', '20')]);
    renderRoutes(routes, '/admin/customers/12');
    await waitFor(() => expect(field(/^First Name/)).toHaveValue('Pat'));
    expect(roleBox('Customers')).toBeDisabled();
    expect(screen.getByRole('group', { name: /Permission Group/ })).toHaveAccessibleDescription(
      'Only Admins can change the Permission Group.',
    );
  });

  it('only Admins change the email of a customer with a login: a Sales user sees it read-only', async () => {
    api(['Sales'], [customerRoute('12', '20')]);
    renderRoutes(routes, '/admin/customers/12');
    await waitFor(() => expect(field(/^Email/)).toHaveValue('pat@example.com'));
    expect(field(/^Email/)).toHaveAttribute('readonly');
    expect(field(/^Email/)).toHaveAccessibleDescription("Only admins can change a login's email address.");
    expect(field(/^Phone Number/)).not.toHaveAttribute('readonly');
  });

  it.each([
    ['a Sales user, a customer without a login', ['Sales'], null],
    ['an Admin, a customer with a login', ['Admins'], '20'],
  ])('%s: the email can be changed', async (_case, roles, userId) => {
    api(roles, [customerRoute('12', userId)]);
    renderRoutes(routes, '/admin/customers/12');
    await waitFor(() => expect(field(/^Email/)).toHaveValue('pat@example.com'));
    expect(field(/^Email/)).not.toHaveAttribute('readonly');
    expect(field(/^Email/)).not.toHaveAccessibleDescription();
  });

  it('saves a change of details without touching the login, and says "Customer Updated"', async () => {
    const user = userEvent.setup();
    const { calls } = api(
      ['Admins'],
      [
        customerRoute('12', '20'),
        { method: 'PATCH', path: 'customers/12/', reply: () => ({ body: customerRoute('12', '20').body }) },
      ],
    );
    renderRoutes(routes, '/admin/customers/12');
    await waitFor(() => expect(field(/^First Name/)).toHaveValue('Pat'));
    await user.type(field(/^Business/), 'Jones Pty Ltd');
    await user.click(save());
    expect(await screen.findByText('Customer Updated')).toBeInTheDocument();
    const attributes = (
      calls.find((call) => call.method === 'PATCH')?.body as { data: { attributes: Record<string, unknown> } }
    ).data.attributes;
    // Only what changed: nothing of the login, no unchanged detail written back.
    expect(attributes).toEqual({ business: 'Jones Pty Ltd' });
  });

  it('a customer without a login says so, and Create login sends the roles that create it', async () => {
    const user = userEvent.setup();
    const { calls } = api(
      ['Sales'],
      [
        customerRoute('15', null),
        { method: 'PATCH', path: 'customers/15/', reply: () => ({ body: customerRoute('15', '21').body }) },
      ],
    );
    renderRoutes(routes, '/admin/customers/15');
    expect(await screen.findByText(/This customer has no login/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Customers' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create login' }));
    expect(roleBox('Customers')).toBeChecked();
    await user.click(save());
    expect(await screen.findByText('Customer Updated')).toBeInTheDocument();
    const attributes = (
      calls.find((call) => call.method === 'PATCH')?.body as { data: { attributes: Record<string, unknown> } }
    ).data.attributes;
    expect(attributes.roles).toEqual(['Customers']);
  });

  it('the Subscription tab says a customer without a login has no subscription', async () => {
    const user = userEvent.setup();
    api(['Admins'], [customerRoute('15', null)]);
    const { router } = renderRoutes(routes, '/admin/customers/15');
    await user.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect(router.state.location.search).toBe('?tab=subscription');
    const panel = screen.getByRole('tabpanel', { name: 'Subscription' });
    expect(
      within(panel).getByText(/This customer has no login, so they have no subscription/),
    ).toBeInTheDocument();
  });
});
