import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { normalisePromoCode } from '@parking/domain/discounts';
import { messages } from '@parking/domain/messages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { errorDetails, firstErrorDetail } from '@/lib/api/client';
import { usePromoCheck } from '../api/checks';
import { ExtrasChecklist } from '@/components/extras-checklist';
import { extrasQuery, extraVariationsQuery, type Extra } from '@/lib/api/extras';
import { percent } from '../components/formatting';
import { StepActions } from '../components/step-actions';
import { stayInstants } from '../state/booking-payload';
import { useWizard } from '../state/wizard-context';
import { stepPath } from '../state/wizard-state';

/**
 * Step 5, Checkout (public-site §2): the extras for this stay, priced for the vehicle type, and a promo
 * code. Extras that cannot be booked for these dates are shown disabled under the spec's note.
 */
export function CheckoutStepPage() {
  const { state, update, complete } = useWizard();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const stay = stayInstants(state);
  const extras = useQuery({
    ...extrasQuery(stay?.startDatetime ?? '', stay?.endDatetime ?? ''),
    enabled: stay !== null,
  });
  const variations = useQuery({
    ...extraVariationsQuery(state.car?.vehicleType ?? ''),
    enabled: Boolean(state.car?.vehicleType),
  });
  const [chosen, setChosen] = useState<string[]>(state.extras.ids);
  const [code, setCode] = useState(state.extras.promoCode);
  const promo = usePromoCheck();
  const reported = useRef<unknown>(null);

  // Extras load failures: every detail as a snackbar (spec §8).
  useEffect(() => {
    const error = extras.error ?? variations.error;
    if (!error || reported.current === error) return;
    reported.current = error;
    for (const detail of errorDetails(error, messages.unknownError)) snackbar.show(detail, 'error');
  }, [extras.error, variations.error, snackbar]);

  const list = extras.data ?? [];
  const available = (extra: Extra) => extra.available;
  const priceOf = (extra: Extra) => variations.data?.[extra.id] ?? extra.basePrice;
  // A choice kept from before that can no longer be booked for this stay is dropped.
  const selected = chosen.filter((id) => list.some((extra) => extra.id === id && available(extra)));
  const loading = extras.isPending || (Boolean(state.car?.vehicleType) && variations.isPending);

  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));

  const applyPromo = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normalisePromoCode(code);
    // An empty code is ignored (spec §5).
    if (!normalised || !stay) return;
    promo.mutate(
      { code: normalised, dropOffStart: stay.startDatetime, dropOffEnd: stay.endDatetime },
      {
        onSuccess: (answer) =>
          update((current) => ({
            ...current,
            extras: { ...current.extras, promoCode: answer.code, discountRate: answer.discountRate },
          })),
        onError: () =>
          update((current) => ({
            ...current,
            extras: { ...current.extras, promoCode: '', discountRate: '0' },
          })),
      },
    );
  };

  const clearPromo = () => {
    promo.reset();
    setCode('');
    update((current) => ({ ...current, extras: { ...current.extras, promoCode: '', discountRate: '0' } }));
  };

  const submit = () => {
    const byId = new Map(list.map((extra) => [extra.id, extra]));
    complete(5, (current) => ({
      ...current,
      extras: {
        ...current.extras,
        ids: selected,
        prices: Object.fromEntries(selected.map((id) => [id, priceOf(byId.get(id) as Extra)])),
        names: Object.fromEntries(selected.map((id) => [id, byId.get(id)?.name ?? ''])),
      },
    }));
    void navigate(stepPath(6));
  };

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Add a wash, a detail or a service while you are away: it is done before you come home.
        {state.car?.vehicleTypeName && ` Prices are for your vehicle type: ${state.car.vehicleTypeName}.`}
      </Typography>

      <ExtrasChecklist
        extras={list}
        priceOf={priceOf}
        selected={selected}
        onToggle={toggle}
        loading={loading}
        failed={extras.isError}
      />

      <Box component="form" noValidate onSubmit={applyPromo} aria-label="Promo code" sx={{ mt: 4 }}>
        <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
          Promo code
        </Typography>
        {state.extras.promoCode ? (
          <Alert
            severity="success"
            icon={<LocalOfferOutlinedIcon />}
            onClose={clearPromo}
            closeText="Remove promo code"
          >
            Promo code <strong>{state.extras.promoCode}</strong> applied: {percent(state.extras.discountRate)}{' '}
            off the parking charge.
          </Alert>
        ) : (
          <Box
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'flex-start',
              flexDirection: { xs: 'column', sm: 'row' },
            }}
          >
            <TextField
              label="Promo code"
              name="promoCode"
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                if (promo.isError) promo.reset();
              }}
              error={promo.isError}
              helperText={promo.isError ? firstErrorDetail(promo.error, messages.promoInvalid) : undefined}
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
              sx={{ flexGrow: 1, width: { xs: '100%', sm: 'auto' } }}
            />
            <Button
              type="submit"
              variant="outlined"
              size="large"
              disabled={!normalisePromoCode(code) || promo.isPending}
              startIcon={
                promo.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
              }
              sx={{ minHeight: 56, minWidth: 120 }}
            >
              Apply
            </Button>
          </Box>
        )}
      </Box>
      <StepActions backHref={stepPath(4)} onContinue={submit} disabled={loading} />
    </Box>
  );
}
