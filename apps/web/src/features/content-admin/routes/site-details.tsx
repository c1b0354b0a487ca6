import Box from '@mui/material/Box';
import { contentMessages, siteDetailsSchema } from '@parking/domain/content-admin';
import type { z } from 'zod';
import { FormDateField } from '@/components/admin/date-fields';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormTextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import type { OneAnswer } from '@/lib/api/resources';
import { SITE_DETAILS, saveSingleton, type SiteDetailsAttributes } from '../api/content-admin';
import { ContentGate } from '../components/content-gate';
import { RepeatableSection } from '../components/repeatable-section';

type SiteDetailsInput = z.input<typeof siteDetailsSchema>;

const defaults: SiteDetailsInput = {
  phone: '',
  address: '',
  email: '',
  hours: '',
  socialLinks: [],
  headerMessage: '',
  headerMessageFrom: null,
  headerMessageUntil: null,
};

const toValues = ({ resource }: OneAnswer<SiteDetailsAttributes>): SiteDetailsInput => {
  const details = resource.attributes;
  return {
    phone: details.phone,
    address: details.address,
    email: details.email,
    hours: details.hours,
    socialLinks: details.socialLinks.map((link) => ({ ...link })),
    headerMessage: details.headerMessage,
    headerMessageFrom: details.headerMessageFrom ?? '',
    headerMessageUntil: details.headerMessageUntil ?? '',
  };
};

function SiteDetailsForm() {
  const screen = useRecordForm({
    type: SITE_DETAILS,
    // A singleton: its address has no id (GET and PATCH site-details/).
    id: '',
    schema: siteDetailsSchema,
    defaults,
    toValues,
    save: async (values) => (await saveSingleton(SITE_DETAILS, values)).id,
    notFound: 'Site details not found',
    listHref: paths.adminDiary.path,
    editHref: () => paths.adminContentSite.path,
    createdMessage: contentMessages.siteDetailsUpdated,
    updatedMessage: contentMessages.siteDetailsUpdated,
  });
  const { control } = screen.form;
  return (
    <FormScreen
      title="Site Details"
      screen={screen}
      sections={[
        { id: 'header-message', label: 'Header Message' },
        { id: 'contact', label: 'Contact Details' },
        { id: 'social', label: 'Social Links' },
      ]}
    >
      <FormSection id="header-message" title="Header Message">
        <FormTextField
          control={control}
          name="headerMessage"
          label="Header Message"
          helperText="Shown above the site's header on every page (a holiday notice, a price promise). Blank: none."
        />
        <Box sx={{ mt: 2 }}>
          <FieldGrid>
            <FormDateField
              control={control}
              name="headerMessageFrom"
              kind="date"
              label="Show From"
              helperText="Blank: from now."
            />
            <FormDateField
              control={control}
              name="headerMessageUntil"
              kind="date"
              label="Show Until"
              helperText="The last day it shows. Blank: until removed."
            />
          </FieldGrid>
        </Box>
      </FormSection>
      <FormSection id="contact" title="Contact Details">
        <FieldGrid>
          <FormTextField control={control} name="phone" label="Phone" type="tel" />
          <FormTextField control={control} name="email" label="Email" type="email" />
          <FormTextField control={control} name="address" label="Address" multiline minRows={2} />
          <FormTextField control={control} name="hours" label="Hours" multiline minRows={2} />
        </FieldGrid>
      </FormSection>
      <RepeatableSection
        control={control}
        name="socialLinks"
        id="social"
        title="Social Links"
        itemLabel="Link"
        emptyText="No social links. Add Link for each network the footer should link to."
        max={10}
        newItem={() => ({ network: '', url: '' })}
        renderItem={(index) => (
          <FieldGrid>
            <FormTextField
              control={control}
              name={`socialLinks.${index}.network`}
              label="Network"
              required
              helperText="Facebook, Instagram, ..."
            />
            <FormTextField control={control} name={`socialLinks.${index}.url`} label="Address" required />
          </FieldGrid>
        )}
      />
    </FormScreen>
  );
}

/** Site details (issue 25): the contact details, social links and header message every page shows. */
export function ContentSitePage() {
  return (
    <ContentGate title="Site Details">
      <SiteDetailsForm />
    </ContentGate>
  );
}
