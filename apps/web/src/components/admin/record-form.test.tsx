import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredText } from '@parking/domain/fields';
import { FormTextField } from '@/components/form/text-field';
import { errorDocument, mockApi, sessionDocument, type MockRoute } from '@/test/api-mock';
import { renderRoutes } from '@/test/render';
import { FormScreen, FormSection } from './form-screen';
import { useRecordForm } from './record-form';

const schema = z.object({ name: requiredText(50) });

function GateForm() {
  const { gateId } = useParams();
  const screenState = useRecordForm({
    type: 'gates',
    id: gateId,
    schema,
    defaults: { name: '' },
    toValues: ({ resource }: { resource: { attributes: { name: string } } }) => ({
      name: resource.attributes.name,
    }),
    notFound: 'Gate not found',
    listHref: '/gates',
    editHref: (id) => `/gates/${id}`,
    createdMessage: 'Gate Created',
    updatedMessage: 'Gate Updated',
  });
  return (
    <FormScreen
      title={screenState.isNew ? 'Add Gate' : 'Edit Gate'}
      loading={screenState.loading}
      saving={screenState.saving}
      saveDisabled={screenState.saveDisabled}
      onSubmit={() => void screenState.submit()}
      onCancel={screenState.cancel}
    >
      <FormSection title="Gate">
        <FormTextField control={screenState.form.control} name="name" label="Name" required />
        <Link to="/elsewhere">Somewhere else</Link>
      </FormSection>
      {screenState.leaveDialog}
    </FormScreen>
  );
}

const routes = [
  { path: '/gates', element: <h1>Gates</h1> },
  { path: '/gates/add', element: <GateForm /> },
  { path: '/gates/:gateId', element: <GateForm /> },
  { path: '/elsewhere', element: <h1>Elsewhere</h1> },
];

const gate = (id: string, name: string) => ({ data: { type: 'gates', id, attributes: { name } } });

function api(extra: MockRoute[] = []) {
  return mockApi([
    { path: 'sessions/current/', body: sessionDocument({ roles: ['Admins'] }) },
    { path: 'gates/7/', body: gate('7', 'North gate') },
    ...extra,
  ]);
}

const nameField = () => screen.getByRole('textbox', { name: /Name/ });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('useRecordForm with FormScreen', () => {
  it('keeps Save disabled while invalid; an add creates, says so, and moves to the edit route', async () => {
    const user = userEvent.setup();
    const { calls } = api([
      { method: 'POST', path: 'gates/', status: 201, body: gate('12', 'East gate') },
      { path: 'gates/12/', body: gate('12', 'East gate') },
    ]);
    const { router } = renderRoutes(routes, '/gates/add');

    expect(await screen.findByRole('heading', { name: 'Add Gate' })).toBeInTheDocument();
    await waitFor(() => expect(save()).toBeDisabled());
    await user.type(nameField(), 'East gate');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());

    expect(await screen.findByText('Gate Created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/gates/12'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: { type: 'gates', attributes: { name: 'East gate' } },
    });
    // Replaced, not pushed: Back does not return to the empty add form.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('loads a record, saves a change and says "Updated"', async () => {
    const user = userEvent.setup();
    const { calls } = api([{ method: 'PATCH', path: 'gates/7/', body: gate('7', 'North gate 2') }]);
    renderRoutes(routes, '/gates/7');
    await waitFor(() => expect(nameField()).toHaveValue('North gate'));
    await user.type(nameField(), ' 2');
    await user.click(save());
    expect(await screen.findByText('Gate Updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      data: { type: 'gates', id: '7', attributes: { name: 'North gate 2' } },
    });
  });

  it('says "not found" and goes back to the list for a record that does not exist', async () => {
    api([{ path: 'gates/99/', status: 404, body: errorDocument('Not found.', undefined, 404) }]);
    const { router } = renderRoutes(routes, '/gates/99');
    expect(await screen.findByText('Gate not found')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/gates'));
  });

  it('shows API errors as snackbars and beside their field', async () => {
    const user = userEvent.setup();
    api([
      {
        method: 'PATCH',
        path: 'gates/7/',
        status: 400,
        body: errorDocument('A gate with this name already exists.', 'name'),
      },
    ]);
    renderRoutes(routes, '/gates/7');
    await waitFor(() => expect(nameField()).toHaveValue('North gate'));
    await user.type(nameField(), 'x');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('A gate with this name already exists.');
    expect(nameField()).toHaveAccessibleDescription('A gate with this name already exists.');
  });

  it('asks before leaving with unsaved changes (Confirm Leave), and stays on Cancel', async () => {
    const user = userEvent.setup();
    api();
    const { router } = renderRoutes(routes, '/gates/7');
    await waitFor(() => expect(nameField()).toHaveValue('North gate'));

    // Unchanged: leaving asks nothing.
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    await router.navigate('/gates/7');
    await waitFor(() => expect(nameField()).toHaveValue('North gate'));

    await user.type(nameField(), ' changed');
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Leave' });
    expect(
      within(dialog).getByText('Are you sure you would like to leave? Any unsaved changes will be lost.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/gates/7');
    expect(nameField()).toHaveValue('North gate changed');

    // Cancel (the form's button) goes back, through the same question.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Confirm Leave' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/gates/7'));
  });
});
