/**
 * The frame of every back-office form: the title, the sections (each a card with a heading, reachable
 * from the jump links), and a sticky bar with Save, Cancel and the screen's own buttons.
 */
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';

/** What a record form (useRecordForm) gives the frame: its state, Save, Cancel and the leave dialog. */
interface FormScreenState {
  loading: boolean;
  saving: boolean;
  saveDisabled: boolean;
  submit: () => Promise<void>;
  cancel: () => void;
  leaveDialog: ReactNode;
}

interface FormScreenProps {
  title: string;
  /** The record form behind the screen; the props below override its parts. */
  screen?: FormScreenState;
  /** A line under the title: the booking code, the customer's name. */
  subtitle?: ReactNode;
  /** The record at a glance, between the title and the jump links (the booking's summary header). */
  summary?: ReactNode;
  loading?: boolean;
  saving?: boolean;
  saveDisabled?: boolean;
  onSubmit?: () => void;
  onCancel?: () => void;
  /** More buttons beside Save and Cancel (Check In, Download Invoice, Delete). */
  actions?: ReactNode;
  /** Jump links to the sections (the booking form's). */
  sections?: readonly { id: string; label: string }[];
  /** Beside the form on a wide screen, below it on a narrow one (the Edit History). */
  aside?: ReactNode;
  /** Tabs above the form (the customer's). */
  tabs?: ReactNode;
  /** Below the form: tables of related records. */
  after?: ReactNode;
  saveLabel?: string;
  children: ReactNode;
}

export function FormScreen({
  title,
  screen,
  subtitle,
  summary,
  loading = screen?.loading ?? false,
  saving = screen?.saving ?? false,
  saveDisabled = screen?.saveDisabled ?? false,
  onSubmit = () => void screen?.submit(),
  onCancel = () => screen?.cancel(),
  actions,
  sections,
  aside,
  tabs,
  after,
  saveLabel = 'Save',
  children,
}: FormScreenProps) {
  usePageTitle(title);
  return (
    <Box>
      <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' } }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      )}
      {summary}
      {sections && sections.length > 0 && (
        <Box
          component="nav"
          aria-label="Sections"
          sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
        >
          {sections.map((section) => (
            <Link key={section.id} href={`#${section.id}`} underline="hover" sx={{ fontSize: '0.9375rem' }}>
              {section.label}
            </Link>
          ))}
        </Box>
      )}
      {tabs && <Box sx={{ mt: 2 }}>{tabs}</Box>}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          mt: 2,
          gridTemplateColumns: { xs: '1fr', lg: aside ? 'minmax(0, 1fr) 320px' : '1fr' },
          alignItems: 'start',
        }}
      >
        <Box
          component="form"
          noValidate
          aria-label={title}
          aria-busy={loading}
          onSubmit={(event) => {
            event.preventDefault();
            // A dialog's own form (Make Payment) is rendered elsewhere but its submit still bubbles here
            // through React: only this form's own submit saves the record.
            if (event.target !== event.currentTarget) return;
            onSubmit();
          }}
        >
          {loading ? (
            <Card variant="outlined" aria-hidden>
              <CardContent>
                <Stack spacing={2}>
                  {Array.from({ length: 5 }, (_, index) => (
                    <Skeleton key={index} variant="rounded" height={48} />
                  ))}
                </Stack>
              </CardContent>
            </Card>
          ) : (
            <Stack spacing={2}>{children}</Stack>
          )}
          <Box
            sx={{
              position: 'sticky',
              bottom: 0,
              zIndex: 2,
              mt: 2,
              py: 1.5,
              px: { xs: 1.5, sm: 2 },
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              boxShadow: '0 -4px 12px rgba(15, 45, 82, 0.06)',
            }}
          >
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Button
                type="submit"
                variant="contained"
                disabled={saveDisabled}
                startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SaveIcon />}
              >
                {saveLabel}
              </Button>
              <Button onClick={onCancel}>Cancel</Button>
              {actions}
            </Stack>
          </Box>
        </Box>
        {aside && <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>{aside}</Box>}
      </Box>
      {after && <Box sx={{ mt: 3 }}>{after}</Box>}
      {screen?.leaveDialog}
    </Box>
  );
}

/** A titled part of a form; `id` is its jump-link target. */
export function FormSection({
  id,
  title,
  children,
  action,
}: {
  id?: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ scrollMarginTop: 88 }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
          <Typography id={headingId} variant="h4" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** Fields in a responsive grid: one column on a phone, `columns` from a tablet up. */
export function FieldGrid({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: `repeat(${columns}, minmax(0, 1fr))`,
        },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
