import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { TwoFactorStatusAttributes } from '@parking/domain/two-factor';
import { twoFactorMessages } from '@parking/domain/two-factor';
import { messages } from '@parking/domain/messages';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import { formatDate } from '@/lib/format';
import { useAddPasskey, useRemovePasskey } from '../api/two-factor';

type Passkey = TwoFactorStatusAttributes['passkeys'][number];

/** Passkeys: the list (each removable) and a new one added through the browser's own prompt. */
export function PasskeysSection({ passkeys }: { passkeys: Passkey[] }) {
  const snackbar = useSnackbar();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);

  return (
    <Stack spacing={1.5}>
      <Typography>
        A passkey signs you in with your fingerprint, face or screen lock instead of a code, and works as both
        steps.
      </Typography>
      {passkeys.length > 0 && (
        <List aria-label="Your passkeys" dense disablePadding>
          {passkeys.map((passkey) => (
            <ListItem
              key={passkey.id}
              disableGutters
              secondaryAction={
                <Button
                  color="error"
                  onClick={() => setRemoving(passkey)}
                  aria-label={`Remove ${passkey.name}`}
                >
                  Remove
                </Button>
              }
            >
              <ListItemText
                primary={passkey.name}
                secondary={`Added ${formatDate(passkey.created)}${passkey.lastUsed ? `, last used ${formatDate(passkey.lastUsed)}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {(add.isError || remove.isError) && (
        <Alert severity="error">
          {add.isError
            ? firstErrorDetail(add.error, twoFactorMessages.passkeyRefused)
            : firstErrorDetail(remove.error, messages.unknownError)}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Passkey name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Work laptop"
          size="small"
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <Button
          variant="outlined"
          startIcon={<KeyIcon />}
          disabled={add.isPending}
          onClick={() =>
            add.mutateAsync(name.trim() || 'Passkey').then(
              () => {
                setName('');
                snackbar.show('Passkey added.');
              },
              () => undefined,
            )
          }
        >
          Add a passkey
        </Button>
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this passkey?"
        text={`“${removing?.name ?? ''}” will no longer sign you in.`}
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          remove.mutateAsync(removing?.id ?? '').then(
            () => {
              setRemoving(null);
              snackbar.show('Passkey removed.');
            },
            () => setRemoving(null),
          )
        }
      />
    </Stack>
  );
}
