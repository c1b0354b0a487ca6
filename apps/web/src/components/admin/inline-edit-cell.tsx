/**
 * A value edited in its table row, with its own Save (back-office §2: the extras' Cost Variations, "each
 * row has an inline price editor and a save button"). The row saves alone; the rest of the table stays.
 */
import CheckIcon from '@mui/icons-material/Check';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorDetails } from '@/lib/api/client';

export interface InlineEditCellProps {
  /** The stored value; the editor starts from it. */
  value: string;
  /** The input's accessible name: "Price for Sedan". */
  label: string;
  /** The Save button's accessible name: "Save the price for Sedan". */
  saveLabel: string;
  placeholder?: string;
  /** "$" before an amount. */
  prefix?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** The problem with a draft, shown under the input; undefined when it may be saved. */
  validate: (draft: string) => string | undefined;
  /** Saves the draft; a thrown API error's detail shows under the input. */
  onSave: (draft: string) => Promise<void>;
}

export function InlineEditCell({
  value,
  label,
  saveLabel,
  placeholder,
  prefix,
  inputMode,
  validate,
  onSave,
}: InlineEditCellProps) {
  const [draft, setDraft] = useState(value);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  // The stored value moved on (saved here, or refreshed): the editor follows unless the user is typing.
  const [shown, setShown] = useState<string | null>(value);
  if (shown !== value) {
    setShown(value);
    if (!touched) setDraft(value);
  }

  const problem = validate(draft);
  const changed = draft.trim() !== value;
  const error = (touched && problem) || serverError;

  const save = async () => {
    setTouched(true);
    if (problem || !changed || saving) return;
    setSaving(true);
    setServerError(undefined);
    try {
      await onSave(draft.trim());
      // The stored value shows again (as the server wrote it: "45" becomes "45.00").
      setTouched(false);
      setShown(null);
    } catch (caught) {
      setServerError(errorDetails(caught, 'The value could not be saved.')[0]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        value={draft}
        placeholder={placeholder}
        onChange={(event) => {
          setDraft(event.target.value);
          setTouched(true);
          setServerError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          }
        }}
        error={Boolean(error)}
        helperText={error || undefined}
        sx={{ width: 160, minWidth: 96, flexShrink: 1 }}
        slotProps={{
          htmlInput: { 'aria-label': label, inputMode },
          input: prefix
            ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> }
            : undefined,
        }}
      />
      <Button
        variant="outlined"
        size="small"
        aria-label={saveLabel}
        disabled={!changed || saving || Boolean(touched && problem)}
        onClick={() => void save()}
        startIcon={saving ? <CircularProgress size={14} color="inherit" aria-hidden /> : <CheckIcon />}
        sx={{ mt: 0.5, flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        Save
      </Button>
    </Stack>
  );
}
