import InputAdornment from '@mui/material/InputAdornment';
import { useParams } from 'react-router';
import { fractionToPercent } from '@parking/domain/numbers';
import { partnerFormSchema, type PartnerFormValues } from '@parking/domain/partners';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { adminHref, paths } from '@/config/paths';
import type { OneAnswer } from '@/lib/api/resources';
import type { PartnerAttributes } from '@parking/domain/api-contract/partners';
import { PartnerAllotments, PartnerStopSells } from '../components/partner-limits';
import { PartnerKeys } from '../components/partner-keys';
import { PartnerStatementsSection } from '../components/partner-statements-section';
import { PartnerWebhook } from '../components/partner-webhook';
import { partnerStatusOptions } from '../components/partner-status';

const defaults: PartnerFormValues = {
  name: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  commissionRate: '',
  status: 'sandbox',
};

function toValues({ resource }: OneAnswer<PartnerAttributes>): PartnerFormValues {
  const partner = resource.attributes;
  return {
    name: partner.name,
    contactName: partner.contactName,
    contactEmail: partner.contactEmail,
    contactPhone: partner.contactPhone,
    commissionRate: fractionToPercent(partner.commissionRate),
    status: partner.status as PartnerFormValues['status'],
  };
}

/**
 * A partner (issue 42, Admins only): its details and status; once saved, its API keys (each shown once, when
 * made), its allotment in each lot, its stop-sells, its webhook (the last pushes, Push Availability Now) and its
 * monthly statements.
 */
export function PartnerEditPage() {
  const { partnerId } = useParams();
  const screen = useRecordForm({
    type: 'partners',
    id: partnerId,
    schema: partnerFormSchema,
    defaults,
    toValues,
    toPayload: (values) => ({ attributes: values }),
    notFound: 'Partner not found',
    listHref: paths.adminPartners.path,
    editHref: (id) => adminHref(paths.adminPartnersEdit, { partnerId: id }),
    createdMessage: 'Partner Created',
    updatedMessage: 'Partner Updated',
  });
  const { control } = screen.form;

  return (
    <FormScreen
      title={screen.isNew ? 'Add Partner' : 'Edit Partner'}
      subtitle={screen.record?.resource.attributes.name}
      screen={screen}
      after={
        partnerId ? (
          <>
            <PartnerKeys partnerId={partnerId} />
            <PartnerAllotments partnerId={partnerId} />
            <PartnerStopSells partnerId={partnerId} />
            <PartnerWebhook partnerId={partnerId} />
            <PartnerStatementsSection partnerId={partnerId} />
          </>
        ) : undefined
      }
    >
      <FormSection title="Partner">
        <FieldGrid>
          <FormTextField control={control} name="name" label="Name" required />
          <FormSelectField
            control={control}
            name="status"
            label="Status"
            required
            options={partnerStatusOptions}
            helperText="Sandbox bookings never take a real place; a paused partner's calls are refused"
          />
          <FormTextField
            control={control}
            name="commissionRate"
            label="Commission Rate"
            required
            inputMode="decimal"
            helperText="The partner's share of each booking's total, from 0 to 100"
            slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          />
        </FieldGrid>
      </FormSection>
      <FormSection title="Contact">
        <FieldGrid>
          <FormTextField control={control} name="contactName" label="Contact Name" />
          <FormTextField control={control} name="contactEmail" label="Contact Email" required type="email" />
          <FormTextField control={control} name="contactPhone" label="Contact Phone" type="tel" />
        </FieldGrid>
      </FormSection>
    </FormScreen>
  );
}
