import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { CAR_AREA_LABELS, CAR_AREAS, type CarArea } from '@parking/domain/custody';

/** Where each area sits on the outline (percent of the drawing: top, left, width, height). */
const PLACES: Record<CarArea, { top: number; left: number; width: number; height: number }> = {
  front: { top: 2, left: 20, width: 60, height: 20 },
  left: { top: 24, left: 2, width: 16, height: 52 },
  roof: { top: 30, left: 24, width: 52, height: 40 },
  right: { top: 24, left: 82, width: 16, height: 52 },
  rear: { top: 78, left: 20, width: 60, height: 20 },
};

const MARKED = '#C62828';

/** The car seen from above: its body, windscreen and rear window (decoration; the areas carry the words). */
function Body() {
  return (
    <Box
      component="svg"
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      aria-hidden
      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
    >
      <rect x="14" y="4" width="72" height="92" rx="18" fill="#F4F6FA" stroke="#52606D" strokeWidth="1.2" />
      <path d="M24 26 Q50 18 76 26 L72 32 Q50 27 28 32 Z" fill="#CFD8E3" stroke="#52606D" strokeWidth="0.8" />
      <path d="M27 72 Q50 77 73 72 L76 78 Q50 84 24 78 Z" fill="#CFD8E3" stroke="#52606D" strokeWidth="0.8" />
    </Box>
  );
}

/**
 * Damage on a simple car outline (issue 23): front, rear, left side, right side and roof. With
 * `onToggle` each area is a toggle button (Tab to it, Space or Enter to mark it; a screen reader hears
 * "Front, pressed"); without, the marked areas are shown, with their names for a screen reader.
 */
export function CarOutline({
  marked,
  onToggle,
  label = 'Damage on the car',
}: {
  marked: readonly CarArea[];
  onToggle?: (area: CarArea) => void;
  label?: string;
}) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ position: 'relative', width: 200, maxWidth: '100%', aspectRatio: '2 / 3', flexShrink: 0 }}
    >
      <Body />
      {CAR_AREAS.map((area) => {
        const place = PLACES[area];
        const isMarked = marked.includes(area);
        const sx = {
          position: 'absolute',
          top: `${place.top}%`,
          left: `${place.left}%`,
          width: `${place.width}%`,
          height: `${place.height}%`,
          borderRadius: 2,
          border: '2px dashed',
          borderColor: isMarked ? MARKED : 'rgba(82, 96, 109, 0.6)',
          bgcolor: isMarked ? 'rgba(198, 40, 40, 0.16)' : 'rgba(255, 255, 255, 0.35)',
          color: isMarked ? MARKED : 'text.primary',
          fontSize: '0.75rem',
          fontWeight: 700,
          lineHeight: 1.1,
          textAlign: 'center',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          writingMode: area === 'left' || area === 'right' ? 'vertical-rl' : undefined,
        } as const;
        return onToggle ? (
          <ButtonBase
            key={area}
            aria-pressed={isMarked}
            onClick={() => onToggle(area)}
            sx={{ ...sx, '&.Mui-focusVisible': { outline: '3px solid #0B3A66', outlineOffset: 1 } }}
          >
            {CAR_AREA_LABELS[area]}
          </ButtonBase>
        ) : (
          <Box key={area} sx={sx}>
            {CAR_AREA_LABELS[area]}
            {isMarked && (
              <Box
                component="span"
                sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
              >
                : damage recorded
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
