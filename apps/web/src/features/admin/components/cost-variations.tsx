import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { firstProblem, variationPriceSchema } from '@parking/domain/settings-forms';
import { columns } from '@/components/admin/columns';
import { FormSection } from '@/components/admin/form-screen';
import { ResourceTable } from '@/components/admin/resource-table';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { isNotFound } from '@/lib/api/client';
import { relatedId, type Resource } from '@/lib/api/jsonapi';
import { invalidateTypes, listQuery } from '@/lib/api/resource-queries';
import { ref, saveResource } from '@/lib/api/resources';
import { formatMoneyText } from '@/lib/format';
import type { ExtraVariationAttributes, NamedAttributes } from '@parking/domain/api-contract/catalogue';

const ALL = { page: 1, per: 500 };

/**
 * An extra's Cost Variations (back-office §2): one row per vehicle type with the price this extra costs
 * for it, edited and saved row by row; no selection. A type without a price of its own pays the base
 * price, shown as the placeholder.
 */
export function CostVariations({ extraId, basePrice }: { extraId: string; basePrice: string }) {
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const types = useQuery(listQuery<NamedAttributes>('vehicle-types', { ...ALL, sort: 'name' }));
  const variations = useQuery(
    listQuery<ExtraVariationAttributes>('extra-variations', { ...ALL, filters: { extra: extraId } }),
  );
  const byType = new Map(
    (variations.data?.rows ?? []).map((variation) => [relatedId(variation, 'vehicleType') ?? '', variation]),
  );

  const save = async (type: Resource<NamedAttributes>, draft: string) => {
    const existing = byType.get(type.id);
    const price = variationPriceSchema.parse(draft);
    try {
      await saveResource(
        'extra-variations',
        existing
          ? { attributes: { price } }
          : {
              attributes: { price },
              relationships: { extra: ref('extras', extraId), vehicleType: ref('vehicle-types', type.id) },
            },
        existing?.id,
      );
    } catch (error) {
      if (isNotFound(error)) snackbar.show('Extras Variations not found', 'error');
      throw error;
    }
    snackbar.show('Extra Updated');
    await invalidateTypes(queryClient, 'extra-variations');
  };

  return (
    <FormSection id="cost-variations" title="Cost Variations">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A vehicle type without a price of its own pays the base price
        {basePrice ? ` (${formatMoneyText(basePrice)})` : ''}.
      </Typography>
      {variations.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          Extras Variations not found
        </Alert>
      )}
      <Box sx={{ mx: { xs: -2, sm: -2.5 }, mb: { xs: -2, sm: -2.5 } }}>
        <ResourceTable<NamedAttributes>
          noun="vehicle type"
          label="Cost Variations"
          columns={[
            columns.text<NamedAttributes>('name', 'Vehicle Type', { sortKey: undefined }),
            columns.inlineEdit<NamedAttributes>('price', 'Price', (type) => ({
              value: byType.get(type.id)?.attributes.price ?? '',
              label: `Price for ${type.attributes.name}`,
              saveLabel: `Save the price for ${type.attributes.name}`,
              placeholder: basePrice,
              prefix: '$',
              inputMode: 'decimal',
              validate: (value) => firstProblem(variationPriceSchema, value),
              onSave: (value) => save(type, value),
            })),
          ]}
          rows={types.data?.rows}
          included={types.data?.included}
          count={types.data?.count ?? 0}
          loading={types.isPending || variations.isPending}
          error={types.isError}
          onRetry={() => void types.refetch()}
          state={{ page: 1, per: ALL.per }}
          onStateChange={() => undefined}
          paginated={false}
          emptyText="No vehicle types yet. Add them under Vehicle Types to price this extra per type."
        />
      </Box>
    </FormSection>
  );
}
