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
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useValueTypedBeforeStart } from '@/components/form/typed-before-start';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { errorDetails, firstErrorDetail } from '@/lib/api/client';
import { usePromoCheck } from '../api/checks';
import { ExtrasChecklist } from '@/components/extras-checklist';
import { extrasQuery, extraVariationsQuery, type Extra } from '@/lib/api/extras';
import { percent } from '../components/formatting';
import { StepActions } from '../components/step-actions';
import { stayInstants } from '../state/booking-payload';
import { useWizard } from '../state/wizard-context';
import { stepPath, type ExtrasChoice } from '../state/wizard-state';

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
  const [code, setCode] = useState(state.extras.promoCode);
  // A code typed on a server-drawn step 5 before the app took it over.
  const promoInput = useRef<HTMLInputElement>(null);
  useValueTypedBeforeStart(promoInput, code, setCode);
  const promo = usePromoCheck();
  const reported = useRef<unknown>(null);

  // Extras load failures: every detail as a snackbar (public-site §8).
  useEffect(() => {
    const error = extras.error ?? variations.error;
    if (!error || reported.current === error) return;
    reported.current = error;
    for (const detail of errorDetails(error, messages.unknownError)) snackbar.show(detail, 'error');
  }, [extras.error, variations.error, snackbar]);

  const list = useMemo(() => extras.data ?? [], [extras.data]);
  const loading = extras.isPending || (Boolean(state.car?.vehicleType) && variations.isPending);
  const prices = variations.data;

  /**
   * The extras ticked, as the booking holds them: only those that can be booked for this stay, each at
   * the vehicle type's price. Written to the booking as soon as they are ticked, so that the running total
   * beside the step (and in the phone's header) counts them at once.
   */
  const choiceOf = useCallback(
    (ids: readonly string[]): Pick<ExtrasChoice, 'ids' | 'prices' | 'names'> => {
      const bookable = list.filter((extra) => extra.available && ids.includes(extra.id));
      const priceOf = (extra: Extra) => prices?.[extra.id] ?? extra.basePrice;
      return {
        ids: bookable.map((extra) => extra.id),
        prices: Object.fromEntries(bookable.map((extra) => [extra.id, priceOf(extra)])),
        names: Object.fromEntries(bookable.map((extra) => [extra.id, extra.name])),
      };
    },
    [list, prices],
  );
  const priceOf = (extra: Extra) => prices?.[extra.id] ?? extra.basePrice;
  const selected = state.extras.ids;

  // Once the list and the prices are known, a choice kept from before is brought up to date: an extra
  // that can no longer be booked for this stay is dropped, a new vehicle type's prices apply.
  useEffect(() => {
    if (loading || extras.isError) return;
    update((current) => {
      const next = choiceOf(current.extras.ids);
      const same =
        next.ids.join() === current.extras.ids.join() &&
        next.ids.every((id) => next.prices[id] === current.extras.prices[id]);
      return same ? current : { ...current, extras: { ...current.extras, ...next } };
    });
  }, [loading, extras.isError, choiceOf, update]);

  const toggle = (id: string) =>
    update((current) => {
      const ids = current.extras.ids.includes(id)
        ? current.extras.ids.filter((item) => item !== id)
        : [...current.extras.ids, id];
      return { ...current, extras: { ...current.extras, ...choiceOf(ids) } };
    });

  const applyPromo = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normalisePromoCode(code);
    // An empty code is ignored (public-site §5).
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
    complete(5, (current) => ({
      ...current,
      extras: { ...current.extras, ...choiceOf(current.extras.ids) },
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
              inputRef={promoInput}
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
