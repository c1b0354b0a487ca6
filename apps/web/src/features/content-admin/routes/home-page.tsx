import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { contentMessages, homePageSchema } from '@parking/domain/content-admin';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { paths } from '@/config/paths';
import type { OneAnswer } from '@/lib/api/resources';
import { invalidateTypes } from '@/lib/api/resource-queries';
import {
  CONTENT_REVISIONS,
  HOME_PAGE,
  restoreHomeRevision,
  saveSingleton,
  type HomePageAttributes,
} from '../api/content-admin';
import { ContentGate } from '../components/content-gate';
import { FooterCtaFields } from '../components/footer-cta-fields';
import { LocationBlock, QuotesBlock, type HomePageInput } from '../components/home-blocks';
import { RepeatableSection } from '../components/repeatable-section';
import { RevisionsPanel } from '../components/revisions-panel';

const defaults: HomePageInput = {
  title: '',
  heroTitle: '',
  heroText: '',
  slides: [],
  ctaLoggedInText: '',
  ctaGuestText: '',
  columns: [],
  location: null,
  quotes: null,
  footerCta: null,
};

// A copy the form may change freely (useFieldArray edits its arrays in place).
const toValues = ({ resource }: OneAnswer<HomePageAttributes>): HomePageInput =>
  structuredClone(resource.attributes);

/** The icons the public site's content columns draw (content-columns.tsx); blank is a parking sign. */
const COLUMN_ICONS = [
  { value: '', label: 'Parking sign' },
  { value: 'garage', label: 'Garage' },
  { value: 'key', label: 'Key' },
  { value: 'bus', label: 'Bus' },
];

const SECTIONS = [
  { id: 'hero', label: 'Carousel' },
  { id: 'columns', label: 'Content Columns' },
  { id: 'location', label: 'Location' },
  { id: 'quotes', label: 'Quote Carousel' },
  { id: 'cta', label: 'Footer Call to Action' },
];

function HomePageForm() {
  const screen = useRecordForm({
    type: HOME_PAGE,
    // A singleton: its address has no id (GET and PATCH home-page/).
    id: '',
    schema: homePageSchema,
    defaults,
    toValues,
    save: async (values) => (await saveSingleton(HOME_PAGE, values)).id,
    notFound: 'Home page not found',
    listHref: paths.adminDiary.path,
    editHref: () => paths.adminContentHome.path,
    createdMessage: contentMessages.homePageUpdated,
    updatedMessage: contentMessages.homePageUpdated,
  });
  const { form } = screen;
  const { control } = form;
  const queryClient = useQueryClient();
  const homeId = screen.record?.resource.id;
  return (
    <FormScreen
      title="Home Page"
      screen={screen}
      sections={SECTIONS}
      aside={
        homeId && /^\d+$/.test(homeId) ? (
          <RevisionsPanel
            pageId={homeId}
            restore={restoreHomeRevision}
            restores="its title and blocks"
            restoredMessage={contentMessages.homePageRestored}
            onRestored={async () => {
              // The restored blocks fill the form again (a clean form takes the record as it arrives).
              form.reset();
              await invalidateTypes(queryClient, HOME_PAGE, CONTENT_REVISIONS);
            }}
          />
        ) : undefined
      }
    >
      <FormSection id="hero" title="Carousel">
        <Stack spacing={2}>
          <FormTextField control={control} name="title" label="Page Title" required />
          <FieldGrid>
            <FormTextField control={control} name="heroTitle" label="Heading" multiline />
            <FormTextField control={control} name="heroText" label="Text" multiline />
            <FormTextField
              control={control}
              name="ctaLoggedInText"
              label="Call to Action (logged in)"
              multiline
              helperText="Beside Subscribe and Save."
            />
            <FormTextField
              control={control}
              name="ctaGuestText"
              label="Call to Action (guests)"
              multiline
              helperText="Beside Booked with us before?"
            />
          </FieldGrid>
        </Stack>
      </FormSection>
      <RepeatableSection
        control={control}
        name="slides"
        title="Carousel Slides"
        itemLabel="Slide"
        emptyText="No slides: the carousel shows its three steps with their built-in words. Add Slide to word them."
        max={10}
        newItem={() => ({ title: '', text: '' })}
        renderItem={(index) => (
          <FieldGrid>
            <FormTextField control={control} name={`slides.${index}.title`} label="Title" required />
            <FormTextField control={control} name={`slides.${index}.text`} label="Text" multiline />
          </FieldGrid>
        )}
      />
      <RepeatableSection
        control={control}
        name="columns"
        id="columns"
        title="Content Columns"
        itemLabel="Column"
        emptyText="No columns. Add Column for each block of text under the quote form."
        max={6}
        newItem={() => ({ title: '', content: '', icon: '' })}
        renderItem={(index) => (
          <Stack spacing={2}>
            <FieldGrid>
              <FormTextField control={control} name={`columns.${index}.title`} label="Title" required />
              <FormSelectField
                control={control}
                name={`columns.${index}.icon`}
                label="Icon"
                options={COLUMN_ICONS}
              />
            </FieldGrid>
            <RichTextField
              control={control}
              name={`columns.${index}.content`}
              label={`Column ${index + 1} text`}
              minHeight={100}
            />
          </Stack>
        )}
      />
      <LocationBlock form={form} />
      <QuotesBlock form={form} />
      <FooterCtaFields
        control={control}
        name="footerCta"
        id="cta"
        setValue={(name, value) => form.setValue(name, value, { shouldDirty: true, shouldValidate: true })}
      />
    </FormScreen>
  );
}

/** The home page (issue 25): the blocks public-site §1 lists around the quote form. */
export function ContentHomePage() {
  return (
    <ContentGate title="Home Page">
      <HomePageForm />
    </ContentGate>
  );
}
