import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import {
  allotmentFormSchema,
  stopSellFormSchema,
  type AllotmentFormValues,
  type StopSellFormValues,
} from '@parking/domain/partners';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { FormSection } from '@/components/admin/form-screen';
import { DialogSubmitActions } from '@/components/admin/dialog-submit-actions';
import { applyServerErrors, useZodForm } from '@/components/form/form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { errorDetails } from '@/lib/api/client';
import { relatedId, type Resource } from '@/lib/api/jsonapi';
import { invalidateTypes, listQuery } from '@/lib/api/resource-queries';
import { ALL_ROWS, deleteResource, ref, saveResource, type SavePayload } from '@/lib/api/resources';
import { formatDate } from '@/lib/format';
import type { LotAttributes } from '@parking/domain/api-contract/catalogue';
import type {
  PartnerAllotmentAttributes,
  PartnerStopSellAttributes,
} from '@parking/domain/api-contract/partners';
import { LimitRows } from './partner-limit-rows';

function useLots() {
  const lots = useQuery(listQuery<LotAttributes>('lots', { page: 1, per: ALL_ROWS, sort: 'name' }));
  const rows = lots.data?.rows ?? [];
  return {
    options: rows.map((lot) => ({ value: lot.id, label: lot.attributes.name })),
    name: (id: string | null) => rows.find((lot) => lot.id === id)?.attributes.name ?? 'Lot',
  };
}

function useRows<A extends object>(type: string, partnerId: string) {
  return useQuery(listQuery<A>(type, { page: 1, per: ALL_ROWS, filters: { partner: partnerId } }));
}

/** Removing a row, asked first; the list refreshes either way. */
function useRemoval(type: string, noun: string) {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [removing, setRemoving] = useState<{ id: string; what: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteResource(type, removing.id);
      snackbar.show(`${noun} Removed`);
    } catch (error) {
      for (const detail of errorDetails(error, `The ${noun.toLowerCase()} could not be removed.`))
        snackbar.show(detail, 'error');
    } finally {
      setBusy(false);
      setRemoving(null);
      await invalidateTypes(queryClient, type);
    }
  };
  const dialog = (
    <ConfirmDialog
      open={removing !== null}
      title={`Remove ${noun}`}
      text={`Remove ${removing?.what ?? ''}?`}
      confirmLabel="Remove"
      destructive
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setRemoving(null)}
    />
  );
  return { ask: setRemoving, dialog };
}

/** Places held for the partner in each lot on every day, released to everyone a set number of hours before it. */
export function PartnerAllotments({ partnerId }: { partnerId: string }) {
  const lots = useLots();
  const list = useRows<PartnerAllotmentAttributes>('partner-allotments', partnerId);
  const removal = useRemoval('partner-allotments', 'Allotment');
  const [editing, setEditing] = useState<{ row: Resource<PartnerAllotmentAttributes> | null } | null>(null);
  const rows = (list.data?.rows ?? []).map((row) => {
    const lot = lots.name(relatedId(row, 'lot'));
    const what = `the allotment in ${lot}`;
    return {
      id: row.id,
      title: `${lot}: ${row.attributes.places} places a day`,
      details: [`Released ${row.attributes.releaseHours} hours before the day`],
      actions: [
        { label: 'Edit', onClick: () => setEditing({ row }), describe: `Edit ${what}` },
        { label: 'Remove', onClick: () => removal.ask({ id: row.id, what }), describe: `Remove ${what}` },
      ],
    };
  });
  return (
    <FormSection title="Allotments">
      <LimitRows
        rows={rows}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        emptyText="No allotment: the partner sells the places open to everyone."
      />
      <AddButton label="Add Allotment" onClick={() => setEditing({ row: null })} />
      {editing && (
        <AllotmentDialog
          partnerId={partnerId}
          row={editing.row}
          lotOptions={lots.options}
          onClose={() => setEditing(null)}
        />
      )}
      {removal.dialog}
    </FormSection>
  );
}

function AllotmentDialog({
  partnerId,
  row,
  lotOptions,
  onClose,
}: {
  partnerId: string;
  row: Resource<PartnerAllotmentAttributes> | null;
  lotOptions: ReadonlyArray<{ value: string; label: string }>;
  onClose: () => void;
}) {
  const form = useZodForm(allotmentFormSchema, {
    defaultValues: {
      lot: row ? (relatedId(row, 'lot') ?? '') : '',
      places: row ? String(row.attributes.places) : '',
      releaseHours: row ? String(row.attributes.releaseHours) : '48',
    } satisfies AllotmentFormValues,
  });
  return (
    <LimitDialog
      title={row ? 'Edit Allotment' : 'Add Allotment'}
      type="partner-allotments"
      id={row?.id}
      form={form}
      payload={({ lot, ...attributes }) => ({
        attributes,
        relationships: { partner: ref('partners', partnerId), lot: ref('lots', lot) },
      })}
      onClose={onClose}
    >
      <FormSelectField control={form.control} name="lot" label="Lot" required options={lotOptions} />
      <FormTextField
        control={form.control}
        name="places"
        label="Places"
        required
        type="number"
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
        helperText="Spaces held for this partner on each day"
      />
      <FormTextField
        control={form.control}
        name="releaseHours"
        label="Release (hours before the day)"
        required
        type="number"
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
        helperText="Places the partner has not sold by then go back on sale to everyone"
      />
    </LimitDialog>
  );
}

/** Dates on which the partner sells nothing in a lot (both included). */
export function PartnerStopSells({ partnerId }: { partnerId: string }) {
  const lots = useLots();
  const list = useRows<PartnerStopSellAttributes>('partner-stop-sells', partnerId);
  const removal = useRemoval('partner-stop-sells', 'Stop-sell');
  const [adding, setAdding] = useState(false);
  const form = useZodForm(stopSellFormSchema, {
    defaultValues: { lot: '', startDate: '', endDate: '', reason: '' } satisfies StopSellFormValues,
  });
  const rows = (list.data?.rows ?? []).map((row) => {
    const lot = lots.name(relatedId(row, 'lot'));
    const dates = `${formatDate(row.attributes.startDate)} to ${formatDate(row.attributes.endDate)}`;
    const what = `the stop-sell in ${lot}, ${dates}`;
    return {
      id: row.id,
      title: `${lot}: ${dates}`,
      details: row.attributes.reason ? [row.attributes.reason] : [],
      actions: [
        { label: 'Remove', onClick: () => removal.ask({ id: row.id, what }), describe: `Remove ${what}` },
      ],
    };
  });
  return (
    <FormSection title="Stop-sells">
      <LimitRows
        rows={rows}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        emptyText="No stop-sells: the partner may sell on every day."
      />
      <AddButton
        label="Add Stop-sell"
        onClick={() => {
          form.reset();
          setAdding(true);
        }}
      />
      {adding && (
        <LimitDialog
          title="Add Stop-sell"
          type="partner-stop-sells"
          form={form}
          payload={({ lot, ...attributes }) => ({
            attributes,
            relationships: { partner: ref('partners', partnerId), lot: ref('lots', lot) },
          })}
          onClose={() => setAdding(false)}
        >
          <FormSelectField control={form.control} name="lot" label="Lot" required options={lots.options} />
          <FormTextField
            control={form.control}
            name="startDate"
            label="From"
            required
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField
            control={form.control}
            name="endDate"
            label="To (included)"
            required
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField control={form.control} name="reason" label="Reason" />
        </LimitDialog>
      )}
      {removal.dialog}
    </FormSection>
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Box sx={{ mt: 1.5 }}>
      <Button variant="outlined" startIcon={<AddIcon />} onClick={onClick}>
        {label}
      </Button>
    </Box>
  );
}

/** An add or edit dialog of the partner's limits: its fields, Save (the API's refusals beside their fields). */
function LimitDialog<I extends FieldValues, O extends FieldValues>({
  title,
  type,
  id,
  form,
  payload,
  onClose,
  children,
}: {
  title: string;
  type: string;
  id?: string | undefined;
  form: UseFormReturn<I, unknown, O>;
  payload: (values: O) => SavePayload;
  onClose: () => void;
  children: ReactNode;
}) {
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const save = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await saveResource(type, payload(values), id);
    } catch (error) {
      applyServerErrors(form, error);
      for (const detail of errorDetails(error, 'It could not be saved.')) snackbar.show(detail, 'error');
      setSaving(false);
      return;
    }
    snackbar.show(`${title.replace(/^(Add|Edit) /, '')} Saved`);
    await invalidateTypes(queryClient, type);
    onClose();
  });
  return (
    <ResponsiveDialog open persistent title={title} onClose={onClose} maxWidth={560}>
      <form noValidate onSubmit={(event) => void save(event)} aria-label={title}>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogSubmitActions pending={saving} onCancel={onClose} />
      </form>
    </ResponsiveDialog>
  );
}
