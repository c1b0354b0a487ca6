import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  useFieldArray,
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldValues,
} from 'react-hook-form';
import { FormSection } from '@/components/admin/form-screen';
import { FieldArrayEntry } from '@/components/form/entry-errors';
import { MoveButtons } from './move-buttons';

interface RepeatableSectionProps<TValues extends FieldValues, TOutput extends FieldValues> {
  control: Control<TValues, unknown, TOutput>;
  name: ArrayPath<TValues>;
  id?: string;
  title: string;
  /** One entry, for its heading and buttons: "Slide". */
  itemLabel: string;
  /** What an empty list says (what to do next). */
  emptyText: string;
  newItem: () => FieldArray<TValues, ArrayPath<TValues>>;
  /** At most this many entries (the schema's limit). */
  max?: number;
  renderItem: (index: number) => ReactNode;
}

/** An ordered list of entries in a form (slides, columns, quotes, links): add, move up or down, remove. */
export function RepeatableSection<TValues extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  id,
  title,
  itemLabel,
  emptyText,
  newItem,
  max,
  renderItem,
}: RepeatableSectionProps<TValues, TOutput>) {
  const { fields, append, remove, move } = useFieldArray({ control, name });
  return (
    <FormSection
      id={id}
      title={title}
      action={
        <Button
          startIcon={<AddIcon />}
          disabled={max !== undefined && fields.length >= max}
          onClick={() => append(newItem())}
        >
          Add {itemLabel}
        </Button>
      }
    >
      {fields.length === 0 && <Typography color="text.secondary">{emptyText}</Typography>}
      <Stack spacing={2}>
        {fields.map((field, index) => (
          <Box
            key={field.id}
            role="group"
            aria-label={`${itemLabel} ${index + 1}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 } }}
          >
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}
            >
              <Typography sx={{ fontWeight: 600 }}>
                {itemLabel} {index + 1}
              </Typography>
              <MoveButtons
                what={`${itemLabel.toLowerCase()} ${index + 1}`}
                index={index}
                count={fields.length}
                onMove={move}
                onRemove={() => remove(index)}
              />
            </Stack>
            <FieldArrayEntry>{renderItem(index)}</FieldArrayEntry>
          </Box>
        ))}
      </Stack>
    </FormSection>
  );
}
