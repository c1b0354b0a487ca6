import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { partnerKeySchema } from '@parking/domain/partners';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { FormSection } from '@/components/admin/form-screen';
import { DialogSubmitActions } from '@/components/admin/dialog-submit-actions';
import { applyServerErrors, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { errorDetails } from '@/lib/api/client';
import type { Resource } from '@/lib/api/jsonapi';
import { invalidateTypes, listQuery } from '@/lib/api/resource-queries';
import { ALL_ROWS, ref, saveResource } from '@/lib/api/resources';
import { formatDateTime } from '@/lib/format';
import type { PartnerApiKeyAttributes } from '@parking/domain/api-contract/partners';
import { LimitRows, type LimitRow } from './partner-limit-rows';

const TYPE = 'partner-api-keys';

/**
 * A partner's API keys (issue 42): each named by its label and first characters, revoked for good by Revoke;
 * a new key is shown once, in its dialog, with a Copy button (only its hash is kept).
 */
export function PartnerKeys({ partnerId }: { partnerId: string }) {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const list = useQuery(
    listQuery<PartnerApiKeyAttributes>(TYPE, { page: 1, per: ALL_ROWS, filters: { partner: partnerId } }),
  );
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<Resource<PartnerApiKeyAttributes> | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await saveResource(TYPE, { attributes: { revoked: true } }, revoking.id);
      snackbar.show('API Key Revoked');
    } catch (error) {
      for (const detail of errorDetails(error, 'The key could not be revoked.'))
        snackbar.show(detail, 'error');
    } finally {
      setBusy(false);
      setRevoking(null);
      await invalidateTypes(queryClient, TYPE);
    }
  };

  const rows: LimitRow[] = (list.data?.rows ?? []).map((key) => ({
    id: key.id,
    title: `${key.attributes.label} (${key.attributes.prefix}…)`,
    details: [
      `Created ${formatDateTime(key.attributes.created)}`,
      key.attributes.lastUsedAt ? `Last used ${formatDateTime(key.attributes.lastUsedAt)}` : 'Never used',
      key.attributes.revoked ? `Revoked ${formatDateTime(key.attributes.revokedAt)}` : 'Active',
    ],
    actions: key.attributes.revoked
      ? []
      : [{ label: 'Revoke', onClick: () => setRevoking(key), describe: `Revoke ${key.attributes.label}` }],
  }));

  return (
    <FormSection title="API Keys">
      <LimitRows
        rows={rows}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        emptyText="No keys yet. Make one for the partner's developers: it is shown once."
      />
      <Box sx={{ mt: 1.5 }}>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          New API Key
        </Button>
      </Box>
      {adding && <NewKeyDialog partnerId={partnerId} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API Key"
        text={`Calls with ${revoking?.attributes.label ?? 'this key'} are refused from now on. This cannot be undone.`}
        confirmLabel="Revoke"
        destructive
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
    </FormSection>
  );
}

function NewKeyDialog({ partnerId, onClose }: { partnerId: string; onClose: () => void }) {
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const form = useZodForm(partnerKeySchema, { defaultValues: { label: '' } });
  const [saving, setSaving] = useState(false);
  const [key, setKey] = useState<string | null>(null);

  const save = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const made = await saveResource<PartnerApiKeyAttributes>(TYPE, {
        attributes: values,
        relationships: { partner: ref('partners', partnerId) },
      });
      setKey(made.attributes.key ?? null);
      await invalidateTypes(queryClient, TYPE);
    } catch (error) {
      applyServerErrors(form, error);
      for (const detail of errorDetails(error, 'The key could not be made.')) snackbar.show(detail, 'error');
    } finally {
      setSaving(false);
    }
  });
  const copy = () =>
    navigator.clipboard.writeText(key ?? '').then(
      () => snackbar.show('API key copied.'),
      () => snackbar.show('Could not copy: select the key and copy it yourself.', 'error'),
    );

  return (
    <ResponsiveDialog open persistent title="New API Key" onClose={onClose} maxWidth={640}>
      {key ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity="warning">
                Copy this key now and give it to the partner safely. It is not shown again: only a fingerprint
                of it is kept.
              </Alert>
              <Typography
                component="code"
                aria-label="API key"
                sx={{
                  p: 1.5,
                  fontFamily: 'monospace',
                  bgcolor: 'action.hover',
                  borderRadius: 2,
                  wordBreak: 'break-all',
                }}
              >
                {key}
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              Copy
            </Button>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void save(event)} aria-label="New API Key">
          <DialogContent>
            <FormTextField
              control={form.control}
              name="label"
              label="Label"
              required
              autoFocus
              helperText="What the key is for, e.g. Production or Test server"
            />
          </DialogContent>
          <DialogSubmitActions pending={saving} onCancel={onClose} label="Make Key" />
        </form>
      )}
    </ResponsiveDialog>
  );
}
