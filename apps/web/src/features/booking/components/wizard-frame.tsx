import { AttachedWithPage } from '@/app/attached-with-page';
import { HydrateLater } from '@/components/hydrate-later';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, type ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';
import { STEPS, type StepNumber, type WizardState } from '../state/wizard-state';
import { formatAud } from '@parking/domain/money';
import { useRunningTotal } from '../api/running-total';
import { StaySummary } from './stay-summary';

const HEADINGS: Partial<Record<StepNumber, string>> = {
  4: 'Flights and passengers',
  8: 'Booking confirmed',
};

/**
 * While a step's code or data is on its way: as tall as the screen, so that the footer below is out of sight and
 * stays where it is when the step draws in (on a phone the footer used to show under a short placeholder and then be
 * pushed down by the step, Lighthouse's layout shift of 0.15 on a direct load of steps 2-8).
 */
function StepLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
      <CircularProgress aria-label="Loading the step" />
    </Box>
  );
}

interface WizardFrameProps {
  step: StepNumber;
  state: WizardState;
  children: ReactNode;
}

/**
 * Every wizard step's frame: where the traveller is (a stepper on wide screens, "Step 3 of 8" on a
 * phone), the step's heading, the step itself, and the booking so far beside it.
 */
export function WizardFrame({ step, state, children }: WizardFrameProps) {
  const entry = STEPS[step - 1] ?? STEPS[0];
  usePageTitle(entry.title);
  const showSummary = step > 1 && step < 8;
  const total = useRunningTotal(state);

  return (
    <Box sx={{ background: 'linear-gradient(180deg, #EAF0F8 0px, #F7F9FC 320px)', minHeight: '100%' }}>
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        {/* Drawn by the server: attached after the step itself (components/hydrate-later.tsx). */}
        <HydrateLater>
          <Box sx={{ display: { xs: 'none', md: 'block' }, mb: 4 }}>
            <Stepper activeStep={step - 1} alternativeLabel aria-label="Booking steps">
              {STEPS.map((item) => (
                <Step key={item.step} completed={item.step < step || item.step <= state.completed}>
                  <StepLabel>{item.label}</StepLabel>
                </Step>
              ))}
            </Stepper>
          </Box>
        </HydrateLater>
        <HydrateLater>
          <Box sx={{ display: { xs: 'block', md: 'none' }, mb: 2.5 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
              Step {step} of {STEPS.length}: {entry.label}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(step / STEPS.length) * 100}
              aria-label={`Step ${step} of ${STEPS.length}`}
              sx={{ height: 6, borderRadius: 3 }}
            />
          </Box>
        </HydrateLater>

        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2.5, md: 4 },
            alignItems: 'start',
            gridTemplateColumns: { xs: '1fr', md: showSummary ? '8fr 4fr' : '1fr' },
          }}
        >
          <Box
            component="section"
            aria-labelledby="wizard-step-title"
            sx={{
              bgcolor: 'background.paper',
              borderRadius: 4,
              border: 1,
              borderColor: 'divider',
              p: { xs: 2.5, sm: 4 },
              minWidth: 0,
              order: { xs: 2, md: 1 },
            }}
          >
            <Typography
              id="wizard-step-title"
              variant="h2"
              component="h1"
              sx={{
                color: 'primary.main',
                mb: { xs: 2.5, md: 3.5 },
                fontSize: { xs: '1.75rem', md: '2rem' },
              }}
            >
              {HEADINGS[step] ?? entry.title}
            </Typography>
            {/* A boundary of its own for each step: React Router moves between steps in a transition, during
                which a boundary already on the page keeps showing the step left (its Continue still there to
                press again, a booking confirmed twice) until the next step's code has arrived. A new boundary
                shows the loading state at once instead. */}
            <Suspense key={step} fallback={<StepLoading />}>
              {children}
              <AttachedWithPage />
            </Suspense>
          </Box>
          {showSummary && (
            <Box
              component="aside"
              aria-label="Your booking"
              sx={{ order: { xs: 1, md: 2 }, position: { md: 'sticky' }, top: { md: 96 } }}
            >
              <Box
                sx={{
                  display: { xs: 'none', md: 'block' },
                  bgcolor: 'background.paper',
                  borderRadius: 4,
                  border: 1,
                  borderColor: 'divider',
                  p: 3,
                }}
              >
                <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
                  Your booking
                </Typography>
                <StaySummary state={state} costs={step >= 5} />
              </Box>
              <Accordion
                slots={{ heading: 'h2' }}
                disableGutters
                elevation={0}
                sx={{
                  display: { xs: 'block', md: 'none' },
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: '16px !important',
                  '&::before': { display: 'none' },
                }}
              >
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    Your booking
                    {state.quote.lotId && total.cents !== null && (
                      // The same running total as the summary's (extras and promo code included).
                      <Box
                        component="span"
                        aria-busy={total.updating || undefined}
                        sx={{ fontWeight: 400, color: 'text.secondary' }}
                      >
                        {` · ${state.quote.lotName} · `}
                        <Box component="span" data-testid="summary-header-total" sx={{ fontWeight: 600 }}>
                          {formatAud(total.cents)}
                        </Box>
                      </Box>
                    )}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails>
                  <StaySummary state={state} costs={step >= 5} />
                </AccordionDetails>
              </Accordion>
            </Box>
          )}
        </Box>
      </Container>
    </Box>
  );
}
