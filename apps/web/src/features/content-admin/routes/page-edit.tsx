import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  contentMessages,
  pageSchema,
  type PageAttributes,
  type PageInput,
} from '@parking/domain/content-admin';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { adminHref, paths } from '@/config/paths';
import { invalidateTypes } from '@/lib/api/resource-queries';
import type { OneAnswer } from '@/lib/api/resources';
import {
  CONTENT_PAGES,
  CONTENT_REVISIONS,
  contentImageSrc,
  uploadContentImage,
  type PageRecord,
} from '../api/content-admin';
import { AccordionItems } from '../components/accordion-items';
import { ContentGate } from '../components/content-gate';
import { FeaturedImageField } from '../components/featured-image-field';
import { FooterCtaFields } from '../components/footer-cta-fields';
import { LAYOUT_OPTIONS, STATUS_OPTIONS } from '../components/page-options';
import { PagePreviewButton } from '../components/page-preview';
import { RevisionsPanel } from '../components/revisions-panel';

const defaults: PageInput = {
  title: '',
  path: '',
  layout: 'page',
  content: '',
  intro: '',
  accordion: [],
  footerCta: null,
  featuredImage: null,
  featuredImageAlt: '',
  status: 'draft',
  menuOrder: 0,
};

const toValues = ({ resource }: OneAnswer<PageRecord>): PageInput => {
  const page = resource.attributes;
  return {
    title: page.title,
    path: page.path,
    layout: page.layout,
    content: page.content,
    intro: page.intro,
    accordion: page.accordion.map((item) => ({ title: item.title, content: item.content })),
    footerCta: page.footerCta ? { ...page.footerCta } : null,
    featuredImage: page.featuredImage,
    featuredImageAlt: page.featuredImageAlt,
    status: page.status,
    menuOrder: page.menuOrder,
  };
};

/**
 * A page's write. An unchanged featured image is left out: the server then keeps the one the page has,
 * which may be a seeded image with no upload record behind it (its alt text still changes). `removed`
 * says the user took such an image away, which leaves the field's value (null) as it was.
 */
const payloadOf =
  (removed: () => boolean) =>
  (values: PageAttributes, { isNew, isDirty }: { isNew: boolean; isDirty: (field: string) => boolean }) => {
    if (isNew || removed() || isDirty('featuredImage')) return { attributes: values };
    const { featuredImage: _unchanged, ...attributes } = values;
    return { attributes };
  };

/** An image inside the text: uploaded with its alternative text, shown at its large size. */
const uploadInlineImage = async (file: File, alt: string) => {
  const image = await uploadContentImage(file, alt);
  return { src: contentImageSrc(image.attributes) };
};

const SECTIONS = [
  { id: 'page', label: 'Page' },
  { id: 'body', label: 'Text' },
  { id: 'faq', label: 'FAQ Accordion' },
  { id: 'image', label: 'Featured Image' },
  { id: 'cta', label: 'Footer Call to Action' },
];

function PageForm() {
  const { pageId } = useParams();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [seededRemoved, setSeededRemoved] = useState(false);
  const removedRef = useRef(false);
  removedRef.current = seededRemoved;
  const screen = useRecordForm({
    type: CONTENT_PAGES,
    id: pageId,
    schema: pageSchema,
    defaults,
    toValues,
    notFound: contentMessages.pageNotFound,
    listHref: paths.adminContentPages.path,
    editHref: (id) => adminHref(paths.adminContentPagesEdit, { pageId: id }),
    createdMessage: contentMessages.pageCreated,
    updatedMessage: contentMessages.pageUpdated,
    invalidates: [CONTENT_REVISIONS],
    toPayload: payloadOf(() => removedRef.current),
  });
  const { form } = screen;
  const publicPath = screen.record?.resource.attributes.path;
  const published = screen.record?.resource.attributes.status === 'published';

  return (
    <FormScreen
      title={screen.isNew ? 'Add Page' : 'Edit Page'}
      subtitle={publicPath ? `${publicPath} · ${published ? 'Published' : 'Draft'}` : undefined}
      screen={screen}
      sections={SECTIONS}
      actions={
        <>
          <PagePreviewButton
            values={() => form.getValues()}
            pageId={seededRemoved ? undefined : pageId}
            onInvalid={() => {
              // As a failed Save does: every field's error shows, a new FAQ question's too (entry-errors.tsx).
              void form.handleSubmit(() => undefined)();
              snackbar.show('Fill in the page before previewing it.', 'error');
            }}
          />
          {publicPath && published && (
            <Button href={publicPath} target="_blank" rel="noopener">
              View Page
            </Button>
          )}
        </>
      }
      aside={
        pageId ? (
          <RevisionsPanel
            pageId={pageId}
            onRestored={async () => {
              // The restored page fills the form again (a clean form takes the record as it arrives).
              form.reset();
              await invalidateTypes(queryClient, CONTENT_PAGES, CONTENT_REVISIONS);
            }}
          />
        ) : undefined
      }
    >
      <FormSection id="page" title="Page">
        <FieldGrid>
          <FormTextField control={form.control} name="title" label="Title" required />
          <FormTextField
            control={form.control}
            name="path"
            label="Path"
            required
            helperText="Where the page lives, such as /about-us"
          />
          <FormSelectField
            control={form.control}
            name="layout"
            label="Layout"
            options={LAYOUT_OPTIONS}
            required
          />
          <FormSelectField
            control={form.control}
            name="status"
            label="Status"
            options={STATUS_OPTIONS}
            required
          />
        </FieldGrid>
        <FormTextField
          control={form.control}
          name="intro"
          label="Introduction"
          multiline
          minRows={2}
          helperText="A line under the title."
          sx={{ mt: 2 }}
        />
      </FormSection>
      <FormSection id="body" title="Text">
        <RichTextField
          control={form.control}
          name="content"
          label="Body"
          uploadImage={uploadInlineImage}
          minHeight={240}
        />
      </FormSection>
      <AccordionItems control={form.control} uploadImage={uploadInlineImage} />
      <FeaturedImageField
        form={form}
        savedSizes={seededRemoved ? null : (screen.record?.resource.attributes.featuredImageSizes ?? null)}
        onRemoved={() => setSeededRemoved(true)}
      />
      <FooterCtaFields
        control={form.control}
        name="footerCta"
        setValue={(name, value) => form.setValue(name, value, { shouldDirty: true, shouldValidate: true })}
        id="cta"
      />
    </FormScreen>
  );
}

/** A content page (issue 25): its text, questions, image and call to action; preview; revisions. */
export function ContentPageEditPage() {
  const { pageId } = useParams();
  return (
    <ContentGate title={pageId ? 'Edit Page' : 'Add Page'}>
      <PageForm />
    </ContentGate>
  );
}
