import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, type Control } from 'react-hook-form';
import type { PageInput } from '@parking/domain/content-admin';
import type { PageAttributes } from '@parking/domain/content-admin';
import { FormSection } from '@/components/admin/form-screen';
import { FieldArrayEntry } from '@/components/form/entry-errors';
import { FormTextField } from '@/components/form/text-field';
import type { ImageUploader } from '@/components/rich-text/rich-text-dialogs';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { MoveButtons } from './move-buttons';

/** A page's FAQ (public-site §1): questions in order, each answer in rich text. */
export function AccordionItems({
  control,
  uploadImage,
}: {
  control: Control<PageInput, unknown, PageAttributes>;
  uploadImage: ImageUploader;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'accordion' });
  return (
    <FormSection
      id="faq"
      title="FAQ Accordion"
      action={
        <Button startIcon={<AddIcon />} onClick={() => append({ title: '', content: '' })}>
          Add Question
        </Button>
      }
    >
      {fields.length === 0 && (
        <Typography color="text.secondary">
          No questions. Add Question puts a question and its answer below the page&apos;s text.
        </Typography>
      )}
      <Stack spacing={2}>
        {fields.map((field, index) => (
          <Box
            key={field.id}
            component="fieldset"
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              p: { xs: 1.5, sm: 2 },
              m: 0,
              minWidth: 0,
            }}
          >
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}
            >
              <Typography component="legend" sx={{ fontWeight: 600, float: 'left', p: 0 }}>
                Question {index + 1}
              </Typography>
              <MoveButtons
                what={`question ${index + 1}`}
                index={index}
                count={fields.length}
                onMove={move}
                onRemove={() => remove(index)}
              />
            </Stack>
            <FieldArrayEntry>
              <Stack spacing={2} sx={{ clear: 'both' }}>
                <FormTextField
                  control={control}
                  name={`accordion.${index}.title`}
                  label="Question"
                  required
                />
                <RichTextField
                  control={control}
                  name={`accordion.${index}.content`}
                  label={`Answer to question ${index + 1}`}
                  uploadImage={uploadImage}
                  minHeight={100}
                />
              </Stack>
            </FieldArrayEntry>
          </Box>
        ))}
      </Stack>
    </FormSection>
  );
}
