// Inter as one variable font (latin 47 kB, where four static weights took 98 kB in four requests): fonts.css.
import './fonts.css';
import type { LinkProps } from '@mui/material/Link';
import { createTheme, responsiveFontSizes } from '@mui/material/styles';
import { LinkBehavior } from './components/link-behavior';

// The one theme of the product. Every colour pair below was checked against WCAG AA (4.5:1 for text):
// navy on white 13.8:1, body grey on white 7.0:1 (6.7:1 on the page grey), navy on amber 6.7:1,
// the focus ring against white 5.8:1.
const navy = { main: '#0F2D52', light: '#2B4C7E', dark: '#0A1F3A' };
const amber = { main: '#F4A340', light: '#F8C27F', dark: '#C97A16' };
const focusRing = '#1F5FD1';

const fontFamily = [
  '"Inter Variable"',
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  'Arial',
  'sans-serif',
].join(',');

const baseTheme = createTheme({
  palette: {
    primary: { ...navy, contrastText: '#FFFFFF' },
    // Amber is a fill colour only (badges, highlights, buttons on navy): as text on white it fails AA.
    secondary: { ...amber, contrastText: navy.main },
    text: { primary: '#16233A', secondary: '#4A5A70' },
    background: { default: '#F7F9FC', paper: '#FFFFFF' },
    divider: 'rgba(15, 45, 82, 0.12)',
    // MUI's default of 3 lets white text onto mid-tone fills; 4.5 is the AA text ratio.
    contrastThreshold: 4.5,
  },
  shape: { borderRadius: 10 },
  spacing: 8,
  typography: {
    fontFamily,
    h1: { fontSize: '3rem', fontWeight: 700, lineHeight: 1.12, letterSpacing: '-0.02em' },
    h2: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, letterSpacing: '-0.01em' },
    h3: { fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.3 },
    h4: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.35 },
    h5: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.4 },
    h6: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.4 },
    subtitle1: { fontSize: '1.125rem', lineHeight: 1.6 },
    body1: { lineHeight: 1.6 },
    body2: { lineHeight: 1.55 },
    overline: { fontWeight: 600, letterSpacing: '0.12em', lineHeight: 1.8 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  },
  components: {
    // A disabled field's hint still has to be read ("Choose a region first"): MUI's disabled grey is
    // below the AA contrast ratio, so hints keep the secondary text colour.
    MuiFormHelperText: {
      styleOverrides: { root: { '&.Mui-disabled:not(.Mui-error)': { color: '#4A5A70' } } },
    },
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollPaddingTop: 88 },
        body: { WebkitFontSmoothing: 'antialiased' },
        // One visible focus ring for keyboard users everywhere, not MUI's faint ripple highlight.
        ':focus-visible': { outline: `3px solid ${focusRing}`, outlineOffset: 2 },
      },
    },
    MuiTypography: {
      // MUI renders subtitles as <h6> by default, which breaks the page outline for screen readers.
      defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } },
    },
    MuiButtonBase: {
      defaultProps: { LinkComponent: LinkBehavior },
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: `3px solid ${focusRing}`, outlineOffset: 2 } },
      },
    },
    MuiLink: {
      defaultProps: { component: LinkBehavior, underline: 'always' } as LinkProps,
      styleOverrides: { root: { textUnderlineOffset: '0.2em' } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 10, paddingInline: 18 },
        sizeLarge: { paddingBlock: 12, paddingInline: 26, fontSize: '1rem' },
      },
    },
    MuiAppBar: {
      defaultProps: { color: 'inherit', elevation: 0 },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 16 } },
    },
  },
});

export const theme = responsiveFontSizes(baseTheme);
