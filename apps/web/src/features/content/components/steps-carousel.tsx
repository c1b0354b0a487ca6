import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { slideIllustrations } from './slide-illustrations';

export interface StepSlide {
  title: string;
  text: string;
}

/** The spec's three steps, in its order; the content backend may reword them. */
const DEFAULT_SLIDES: readonly StepSlide[] = [
  {
    title: 'Park and leave the keys',
    text: 'Drive to our car park and hand your keys to the valet team. We park your car indoors or outdoors, as booked.',
  },
  {
    title: 'A lift to airport check-in',
    text: 'Our shuttle bus takes you and your luggage to the terminal, timed to your flight.',
  },
  {
    title: 'Enjoy the trip',
    text: 'Relax while you are away. When you land, the shuttle brings you back to your car.',
  },
];

const SLIDE_INTERVAL_MS = 6000;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The home page's carousel of three cycling steps (public-site §2, §9). It follows the WAI-ARIA carousel
 * pattern: a pause button (WCAG 2.2.2), rotation stops while the pointer or keyboard focus is inside,
 * and people who ask for reduced motion get no automatic rotation at all.
 */
export function StepsCarousel({ slides: given }: { slides?: readonly StepSlide[] }) {
  // Exactly three: the illustrations are drawn for the spec's three steps.
  const slides = DEFAULT_SLIDES.map((fallback, index) => {
    const slide = given?.[index];
    return slide?.title ? slide : fallback;
  });
  const [current, setCurrent] = useState(0);
  // Playing to begin with, as on the server that pre-renders the home page (the first render must match
  // its HTML); stopped straight after for people who ask for reduced motion, long before the first turn.
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);
  const id = useId();
  const rotating = playing && !held;

  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
  }, []);

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, slides.length]);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label="How it works"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
      sx={{
        bgcolor: 'background.paper',
        borderRadius: 4,
        p: { xs: 1.5, sm: 2 },
        boxShadow: '0 24px 48px rgba(15, 45, 82, 0.12)',
      }}
    >
      {/* While it rotates on its own, announcing every change would talk over the visitor. */}
      <Box aria-live={rotating ? 'off' : 'polite'} sx={{ display: 'grid' }}>
        {slides.map((slide, index) => {
          const Illustration = slideIllustrations[index] ?? slideIllustrations[0];
          const active = index === current;
          return (
            <Box
              key={index}
              id={`${id}-slide-${index}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={!active}
              sx={{
                gridArea: '1 / 1',
                opacity: active ? 1 : 0,
                visibility: active ? 'visible' : 'hidden',
                transition: 'opacity 500ms ease, visibility 500ms',
                '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
              }}
            >
              <Illustration />
              <Box sx={{ px: { xs: 1, sm: 1.5 }, pt: 2, pb: 0.5 }}>
                <Typography variant="overline" component="p" sx={{ color: 'primary.light', lineHeight: 1.4 }}>
                  Step {index + 1}
                </Typography>
                <Typography component="h2" variant="h4" sx={{ color: 'primary.main', mb: 0.75 }}>
                  {slide.title}
                </Typography>
                <Typography color="text.secondary">{slide.text}</Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', px: { xs: 0.5, sm: 1 }, pt: 1 }}>
        <IconButton
          onClick={() => setPlaying((value) => !value)}
          aria-label={playing ? 'Pause the slides' : 'Play the slides'}
          size="small"
          sx={{ color: 'primary.main' }}
        >
          {playing ? <PauseIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
        </IconButton>
        {slides.map((slide, index) => (
          <IconButton
            key={index}
            onClick={() => setCurrent(index)}
            aria-label={`Show step ${index + 1}: ${slide.title}`}
            aria-controls={`${id}-slide-${index}`}
            aria-current={index === current ? 'true' : undefined}
            size="small"
            sx={{ p: 1.25 }}
          >
            <Box
              component="span"
              sx={{
                display: 'block',
                height: 10,
                width: index === current ? 28 : 10,
                borderRadius: 5,
                bgcolor: index === current ? 'primary.main' : 'rgba(15, 45, 82, 0.25)',
                transition: 'width 300ms ease',
              }}
            />
          </IconButton>
        ))}
      </Stack>
    </Box>
  );
}
