import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { regionFormSchema, type RegionFormValues } from '@parking/domain/settings-forms';
import { columns } from '@/components/admin/columns';
import { RelatedTable } from '@/components/admin/related-table';
import { DialogSubmitActions } from '@/components/admin/dialog-submit-actions';
import { applyServerErrors, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { errorDetails, isNotFound } from '@/lib/api/client';
import type { Resource } from '@/lib/api/jsonapi';
import { invalidateTypes } from '@/lib/api/resource-queries';
import { ref, saveResource } from '@/lib/api/resources';
import type { LotRegionAttributes } from '@parking/domain/api-contract/catalogue';

type Editing = { region: Resource<LotRegionAttributes> | null } | null;

/**
 * A lot's Regions (back-office §2 "Settings screens"): the table below the lot form (refresh, Delete, Edit,
 * Add; single select; a row click edits) and the add/edit dialog, full screen below 960 px, closed only by
 * its buttons, at most 1000 px wide.
 */
export function LotRegions({ lotId }: { lotId: string }) {
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <RelatedTable<LotRegionAttributes>
        id="regions"
        title="Regions"
        noun="region"
        type="lot-regions"
        filters={{ lot: lotId }}
        defaultSort="name"
        columns={[
          columns.text<LotRegionAttributes>('name', 'Name'),
          columns.text<LotRegionAttributes>('rows', 'Rows', { align: 'right' }),
        ]}
        emptyText="No regions yet. Add the lot's levels or zones so that cars can be checked in to a row."
        onAdd={() => setEditing({ region: null })}
        onEdit={(region) => setEditing({ region })}
      />
      {editing && <RegionDialog lotId={lotId} region={editing.region} onClose={() => setEditing(null)} />}
    </>
  );
}

function RegionDialog({
  lotId,
  region,
  onClose,
}: {
  lotId: string;
  region: Resource<LotRegionAttributes> | null;
  onClose: () => void;
}) {
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const form = useZodForm(regionFormSchema, {
    defaultValues: region
      ? { name: region.attributes.name, rows: String(region.attributes.rows) }
      : ({ name: '', rows: '' } satisfies RegionFormValues),
  });
  const [saving, setSaving] = useState(false);

  const save = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await saveResource(
        'lot-regions',
        { attributes: values, relationships: { lot: ref('lots', lotId) } },
        region?.id,
      );
    } catch (error) {
      applyServerErrors(form, error);
      for (const detail of isNotFound(error)
        ? ['Region not found']
        : errorDetails(error, 'The region could not be saved.'))
        snackbar.show(detail, 'error');
      setSaving(false);
      return;
    }
    snackbar.show('Region Saved');
    await invalidateTypes(queryClient, 'lot-regions');
    onClose();
  });

  return (
    <ResponsiveDialog open persistent title={region ? 'Edit Region' : 'Add Region'} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => void save(event)}
        aria-label={region ? 'Edit Region' : 'Add Region'}
      >
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormTextField
              control={form.control}
              name="name"
              label="Name"
              required
              autoFocus
              helperText="A level or zone of the lot, e.g. Level 1"
            />
            <FormTextField
              control={form.control}
              name="rows"
              label="Rows"
              required
              type="number"
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
              helperText="Check-in offers rows 1 to this number"
            />
          </Stack>
        </DialogContent>
        <DialogSubmitActions pending={saving} onCancel={onClose} disabled={!form.formState.isValid} />
      </form>
    </ResponsiveDialog>
  );
}
