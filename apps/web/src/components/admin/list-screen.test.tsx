import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionDocument, type RecordedCall } from '@/test/api-mock';
import { renderRoutes } from '@/test/render';
import { columns } from './columns';
import { ListScreen, type ListScreenConfig } from './list-screen';

interface Car {
  rego: string;
  make: string;
  status: string;
}

const config: ListScreenConfig<Car> = {
  title: 'Cars',
  noun: 'car',
  type: 'cars',
  columns: [
    columns.text<Car>('rego', 'Rego'),
    columns.text<Car>('make', 'Make', { sortKey: undefined }),
    columns.status<Car>(),
  ],
  filters: [
    {
      name: 'rego',
      label: 'Rego',
      kind: 'search',
      api: (value) => ({ rego__icontains: value.toUpperCase() }),
    },
  ],
  fixedFilters: { deleted: 'false' },
  hrefOf: (row) => `/cars/${row.id}`,
  addHref: '/cars/add',
  canDelete: (roles) => roles.includes('Admins'),
  emptyText: 'No cars match these filters.',
};

/** 45 cars, served a page at a time as the server would, with the time of each call. */
function serveCars(options: { roles?: string[] } = {}) {
  const times: number[] = [];
  const cars = Array.from({ length: 45 }, (_, index) => ({
    type: 'cars',
    id: String(index + 1),
    attributes: { rego: `CAR${index + 1}`, make: 'Mazda', status: index === 0 ? 'pending' : 'complete' },
  }));
  const api = mockApi([
    { path: 'sessions/current/', body: sessionDocument({ roles: options.roles ?? ['Admins'] }) },
    {
      path: 'cars/',
      reply: (call: RecordedCall) => {
        times.push(Date.now());
        const page = Number(call.url.searchParams.get('page[number]'));
        const size = Number(call.url.searchParams.get('page[size]'));
        const filter = call.url.searchParams.get('filter[rego__icontains]');
        const matching = filter ? cars.filter((car) => car.attributes.rego.includes(filter)) : cars;
        return {
          body: {
            data: matching.slice((page - 1) * size, page * size),
            meta: {
              pagination: {
                count: matching.length,
                page,
                pages: Math.max(1, Math.ceil(matching.length / size)),
              },
            },
          },
        };
      },
    },
    { method: 'DELETE', path: /^cars\/\d+\/$/, status: 204 },
  ]);
  const listCalls = () => api.calls.filter((call) => call.method === 'GET' && call.path === 'cars/');
  return { ...api, times, listCalls };
}

const renderList = (url = '/cars') =>
  renderRoutes(
    [
      { path: '/cars', element: <ListScreen config={config} /> },
      { path: '/cars/:id', element: <p>Editing</p> },
    ],
    url,
  );

describe('ListScreen', () => {
  it('shows a page of rows with the fixed filters, page sizes 20/40/60/500/all, and pages on', async () => {
    const user = userEvent.setup();
    const api = serveCars();
    renderList();

    expect(await screen.findByRole('link', { name: 'CAR1' })).toBeInTheDocument();
    const first = api.listCalls()[0]?.url.searchParams;
    expect(first?.get('page[size]')).toBe('20');
    expect(first?.get('filter[deleted]')).toBe('false');
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    // The status shows as a coloured dot with its word.
    expect(screen.getByText('Pending')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByRole('link', { name: 'CAR21' })).toBeInTheDocument();
    expect(api.listCalls().at(-1)?.url.searchParams.get('page[number]')).toBe('2');

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const sizes = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(sizes).toEqual(['20', '40', '60', '500', 'All']);
    await user.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() => expect(api.listCalls().at(-1)?.url.searchParams.get('page[size]')).toBe('10000'));
    expect(api.listCalls().at(-1)?.url.searchParams.get('page[number]')).toBe('1');
    expect(await screen.findByRole('link', { name: 'CAR45' })).toBeInTheDocument();
  });

  it('applies a filter 300 ms after the last keystroke, once, and goes back to page 1', async () => {
    const user = userEvent.setup();
    const api = serveCars();
    renderList('/cars?page=2');
    expect(await screen.findByRole('link', { name: 'CAR21' })).toBeInTheDocument();
    const before = api.listCalls().length;

    await user.type(screen.getByRole('searchbox', { name: 'Rego' }), 'car4');
    const typedAt = Date.now();
    // Nothing is asked while typing.
    expect(api.listCalls()).toHaveLength(before);
    expect(await screen.findByRole('link', { name: 'CAR4' })).toBeInTheDocument();

    const filtered = api.listCalls().slice(before);
    expect(filtered).toHaveLength(1);
    expect(filtered[0]?.url.searchParams.get('filter[rego__icontains]')).toBe('CAR4');
    expect(filtered[0]?.url.searchParams.get('page[number]')).toBe('1');
    expect((api.times.at(-1) ?? 0) - typedAt).toBeGreaterThanOrEqual(290);
    expect(screen.getByText('1–7 of 7')).toBeInTheDocument();
  });

  it('sorts by a column header, ascending then descending', async () => {
    const user = userEvent.setup();
    const api = serveCars();
    renderList();
    await screen.findByRole('link', { name: 'CAR1' });
    await user.click(screen.getByRole('button', { name: 'Rego' }));
    await waitFor(() => expect(api.listCalls().at(-1)?.url.searchParams.get('sort')).toBe('rego'));
    await user.click(screen.getByRole('button', { name: 'Rego' }));
    await waitFor(() => expect(api.listCalls().at(-1)?.url.searchParams.get('sort')).toBe('-rego'));
  });

  it('opens a row on click, and Edit opens the selected one', async () => {
    const user = userEvent.setup();
    serveCars();
    const { router } = renderList();
    await screen.findByRole('link', { name: 'CAR1' });
    const [firstMake] = screen.getAllByRole('cell', { name: 'Mazda' });
    if (!firstMake) throw new Error('no rows');
    await user.click(firstMake);
    expect(router.state.location.pathname).toBe('/cars/1');

    await router.navigate('/cars');
    await user.click(await screen.findByRole('checkbox', { name: 'Select car 3' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Actions' })).getByRole('button', { name: 'Edit' }),
    );
    expect(router.state.location.pathname).toBe('/cars/3');
  });

  it('deletes the selected row after Confirm Delete, and refreshes the list', async () => {
    const user = userEvent.setup();
    const api = serveCars();
    renderList();
    await screen.findByRole('link', { name: 'CAR1' });
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Delete' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select car 2' }));
    await user.click(within(actions).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    expect(within(dialog).getByText('Are you sure you would like to delete this car?')).toBeInTheDocument();
    const before = api.listCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'DELETE' && call.path === 'cars/2/')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.listCalls().length).toBeGreaterThan(before));
  });

  it('offers Delete only to the roles the screen allows', async () => {
    serveCars({ roles: ['Sales'] });
    renderList();
    await screen.findByRole('link', { name: 'CAR1' });
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/cars/add');
  });
});
