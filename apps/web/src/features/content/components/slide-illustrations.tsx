import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

// Drawn for the home carousel's three steps in the brand's colours. Decorative: each slide's heading and
// text say the same in words, so the drawings are hidden from screen readers.
const NAVY = '#0F2D52';
const NAVY_LIGHT = '#2B4C7E';
const AMBER = '#F4A340';
const AMBER_DARK = '#C97A16';
const SKY = '#EAF0F8';
const GLASS = '#BFD3EA';

function Frame({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 480 300"
      aria-hidden="true"
      focusable="false"
      sx={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#DCE7F4" />
          <stop offset="1" stopColor={SKY} />
        </linearGradient>
        <clipPath id={`${id}-clip`}>
          <rect width="480" height="300" rx="24" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${id}-clip)`}>
        <rect width="480" height="300" fill={`url(#${id}-sky)`} />
        {children}
      </g>
    </Box>
  );
}

function Wheel({ x, y, r = 18 }: { x: number; y: number; r?: number }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={NAVY} />
      <circle cx={x} cy={y} r={r * 0.42} fill="#D5DEEA" />
    </g>
  );
}

function Car({ x, y, colour = AMBER }: { x: number; y: number; colour?: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <path d="M22 40 L58 8 Q64 2 74 2 H130 Q140 2 147 9 L178 40 Z" fill={colour} />
      <path d="M66 12 H102 V38 H40 Z" fill={GLASS} />
      <path d="M110 12 H132 Q138 12 142 17 L162 38 H110 Z" fill={GLASS} />
      <rect x="0" y="36" width="200" height="44" rx="18" fill={colour} />
      <rect x="186" y="50" width="14" height="8" rx="4" fill="#FFF4DF" />
      <rect x="0" y="50" width="10" height="8" rx="4" fill="#E0584F" />
      <rect x="90" y="48" width="18" height="4" rx="2" fill={AMBER_DARK} />
      <Wheel x={46} y={80} />
      <Wheel x={156} y={80} />
    </g>
  );
}

/** Step 1: the car at the car park, and its keys handed to the valet. */
function ParkIllustration() {
  return (
    <Frame id="park">
      {/* The car park building */}
      <rect x="36" y="70" width="250" height="170" rx="10" fill="#FFFFFF" />
      {[96, 136, 176].map((y) => (
        <rect key={y} x="36" y={y} width="250" height="6" fill={SKY} />
      ))}
      {[60, 110, 160, 210].map((x) => (
        <rect key={x} x={x} y="80" width="34" height="12" rx="3" fill={GLASS} opacity="0.8" />
      ))}
      <rect x="52" y="28" width="52" height="52" rx="12" fill={NAVY} />
      <path
        d="M69 68V40h9.5a8 8 0 0 1 0 16H69"
        fill="none"
        stroke="#FFFFFF"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="0" y="238" width="480" height="62" fill="#C9D6E6" />
      <path d="M0 262h480" stroke="#FFFFFF" strokeWidth="4" strokeDasharray="26 18" />
      <Car x={60} y={158} />
      {/* The keys, handed over */}
      <g transform="translate(330 64)">
        <circle cx="62" cy="62" r="62" fill={NAVY} />
        <g transform="rotate(-35 62 62)">
          <circle cx="40" cy="62" r="17" fill="none" stroke={AMBER} strokeWidth="9" />
          <rect x="54" y="57" width="52" height="10" rx="4" fill={AMBER} />
          <rect x="86" y="66" width="8" height="14" rx="2" fill={AMBER} />
          <rect x="98" y="66" width="8" height="10" rx="2" fill={AMBER} />
        </g>
        <path
          d="M20 118 q22 -8 44 0"
          fill="none"
          stroke="#FFFFFF"
          strokeOpacity="0.35"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </g>
      <path
        d="M300 150 C320 150 326 128 336 120"
        fill="none"
        stroke={NAVY_LIGHT}
        strokeWidth="3"
        strokeDasharray="2 9"
        strokeLinecap="round"
      />
    </Frame>
  );
}

/** Step 2: the shuttle bus on its way to the terminal. */
function ShuttleIllustration() {
  return (
    <Frame id="shuttle">
      {/* Terminal and control tower */}
      <rect x="300" y="96" width="160" height="140" rx="8" fill="#FFFFFF" />
      <rect x="312" y="110" width="136" height="64" rx="4" fill={GLASS} />
      {[346, 380, 414].map((x) => (
        <rect key={x} x={x} y="110" width="3" height="64" fill="#FFFFFF" />
      ))}
      <rect x="364" y="190" width="32" height="46" rx="3" fill={NAVY_LIGHT} />
      <rect x="420" y="26" width="20" height="76" fill="#FFFFFF" />
      <path d="M404 18 H456 L448 40 H412 Z" fill={NAVY} />
      <rect x="410" y="22" width="40" height="10" rx="2" fill={GLASS} />
      <rect x="0" y="236" width="480" height="64" fill="#C9D6E6" />
      <path d="M0 262h480" stroke="#FFFFFF" strokeWidth="4" strokeDasharray="26 18" />
      {/* The bus */}
      <g transform="translate(36 128)">
        <rect x="0" y="0" width="236" height="100" rx="18" fill={NAVY} />
        <rect x="0" y="70" width="236" height="12" fill={AMBER} />
        {[14, 60, 106, 152].map((x) => (
          <rect key={x} x={x} y="14" width="38" height="34" rx="6" fill={GLASS} />
        ))}
        <rect x="198" y="14" width="28" height="60" rx="6" fill={GLASS} />
        <rect x="226" y="84" width="10" height="8" rx="3" fill="#FFF4DF" />
        <text
          x="18"
          y="66"
          fill="#FFFFFF"
          fontFamily="Inter, system-ui, sans-serif"
          fontSize="13"
          fontWeight="700"
          letterSpacing="1"
        >
          SKYPARK SHUTTLE
        </text>
        <Wheel x={52} y={100} r={20} />
        <Wheel x={184} y={100} r={20} />
      </g>
      {/* Motion */}
      {[150, 172, 194].map((y, index) => (
        <path
          key={y}
          d={`M${4 + index * 6} ${y}h${22 - index * 6}`}
          stroke={NAVY_LIGHT}
          strokeWidth="4"
          strokeLinecap="round"
          opacity="0.5"
        />
      ))}
      <g transform="translate(300 60)">
        <rect width="92" height="26" rx="13" fill={AMBER} />
        <text
          x="46"
          y="17.5"
          textAnchor="middle"
          fill={NAVY}
          fontFamily="Inter, system-ui, sans-serif"
          fontSize="12"
          fontWeight="700"
        >
          DEPARTURES
        </text>
      </g>
    </Frame>
  );
}

// Material Icons' flight glyph (Apache 2.0), drawn at illustration scale.
const PLANE_PATH =
  'M21 16v-2l-8-5V3.5c0-.83-.67-1.5-1.5-1.5S10 2.67 10 3.5V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z';

/** Step 3: the flight away, the car safe at home base. */
function TripIllustration() {
  return (
    <Frame id="trip">
      <circle cx="380" cy="84" r="46" fill={AMBER} opacity="0.9" />
      <g fill="#FFFFFF">
        <rect x="40" y="56" width="110" height="26" rx="13" />
        <rect x="72" y="40" width="58" height="28" rx="14" />
        <rect x="250" y="150" width="90" height="22" rx="11" opacity="0.85" />
      </g>
      <path d="M0 226 C80 186 150 200 230 222 C310 244 390 206 480 214 V300 H0 Z" fill="#9FB8D6" />
      <path d="M0 250 C90 228 180 246 260 256 C340 266 410 246 480 240 V300 H0 Z" fill={NAVY_LIGHT} />
      <path
        d="M70 186 C150 150 210 120 300 74"
        fill="none"
        stroke={NAVY}
        strokeWidth="3"
        strokeDasharray="2 12"
        strokeLinecap="round"
        opacity="0.5"
      />
      <g transform="translate(286 26) rotate(62 36 36)">
        <path d={PLANE_PATH} fill={NAVY} transform="scale(3)" />
      </g>
      {/* A suitcase waiting for the holiday */}
      <g transform="translate(58 176)">
        <rect x="16" y="0" width="24" height="14" rx="5" fill="none" stroke={NAVY} strokeWidth="5" />
        <rect x="0" y="12" width="56" height="70" rx="9" fill={AMBER} />
        <rect x="12" y="12" width="6" height="70" fill={AMBER_DARK} />
        <rect x="38" y="12" width="6" height="70" fill={AMBER_DARK} />
        <circle cx="10" cy="86" r="5" fill={NAVY} />
        <circle cx="46" cy="86" r="5" fill={NAVY} />
      </g>
    </Frame>
  );
}

export const slideIllustrations = [ParkIllustration, ShuttleIllustration, TripIllustration] as const;
