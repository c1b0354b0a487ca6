import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { waitlistEmailProblem, waitlistMessages } from '@parking/domain/waitlist-messages';
import { useId, useState, type KeyboardEvent } from 'react';
import { ApiError, apiRequest } from '@/lib/api/client';

interface WaitlistLot {
  lotId: string;
  name: string;
}

interface WaitlistJoinProps {
  /** The car parks full for these dates. */
  lots: readonly WaitlistLot[];
  startDate: string;
  endDate: string;
  /** Filled in when the traveller has given it already (a later step, a signed-in customer). */
  email?: string;
}

/** The server's message for a field ('email', 'lot'), or for the form when it names none. */
function errorsOf(error: unknown): { email?: string; lot?: string; form?: string } {
  if (!(error instanceof ApiError)) return error ? { form: 'Unknown error' } : {};
  const result: { email?: string; lot?: string; form?: string } = {};
  for (const item of error.errors) {
    const pointer = item.source?.pointer ?? '';
    if (pointer.endsWith('/email')) result.email ??= item.detail;
    else if (pointer.endsWith('/lot')) result.lot ??= item.detail;
    else result.form ??= item.detail;
  }
  if (!result.email && !result.lot && !result.form) result.form = error.message;
  return result;
}

/**
 * Beside the full-lot message (step 1 and the home quote form): the traveller leaves an email to join the
 * waitlist of a full car park for their dates, and confirms from the link emailed to it (issue 38: the
 * answer is the same whether or not the address was on the list already, so the message is too); when a
 * place frees, the first on the list is emailed a link holding it for them. Not a <form>: it sits inside the quote's own form. Its fields are the outlined inputs
 * the quote's dates are made of, the car park a native menu: the offer adds little to the step's download
 * (MUI's TextField and its pop-up menu were 23 kB of it, gzip).
 */
export function WaitlistJoin({ lots, startDate, endDate, email: knownEmail = '' }: WaitlistJoinProps) {
  const id = useId();
  const [email, setEmail] = useState(knownEmail);
  const [lotId, setLotId] = useState(lots[0]?.lotId ?? '');
  const [emailProblem, setEmailProblem] = useState('');
  const chosenLot = lots.find((lot) => lot.lotId === lotId) ?? lots[0];
  const join = useMutation({
    mutationFn: (values: { email: string; lotId: string }) =>
      apiRequest('waitlist-entries', {
        method: 'POST',
        body: {
          data: {
            type: 'waitlist-entries',
            attributes: { email: values.email, startDate, endDate },
            relationships: { lot: { data: { type: 'lots', id: values.lotId } } },
          },
        },
      }),
  });
  const problems = errorsOf(join.error);

  const submit = () => {
    const problem = waitlistEmailProblem(email);
    setEmailProblem(problem);
    if (problem || !chosenLot) return;
    join.mutate({ email: email.trim().toLowerCase(), lotId: chosenLot.lotId });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    // Enter joins the waitlist, not the quote form around it.
    event.preventDefault();
    submit();
  };

  if (join.isSuccess && join.variables) {
    return (
      <Alert severity="success" sx={{ mt: 3 }} data-testid="waitlist-joined">
        {waitlistMessages.joined} We have sent it to {join.variables.email}.
      </Alert>
    );
  }

  return (
    <Box
      role="group"
      aria-labelledby={`${id}-title`}
      data-testid="waitlist-join"
      sx={{ mt: 3, p: 2.5, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Typography id={`${id}-title`} variant="h5" component="h2" sx={{ mb: 0.5 }}>
        Join the waitlist
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {lots.length === 1 && chosenLot ? `${chosenLot.name} is full for these dates. ` : ''}
        Leave your email and we will tell you as soon as a place frees up: it is held for the first on the
        list for a short time.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        {lots.length > 1 && (
          <FormControl error={Boolean(problems.lot)} sx={{ minWidth: 160, flex: '0 1 200px' }}>
            <InputLabel htmlFor={`${id}-lot`}>Car park</InputLabel>
            <NativeSelect
              value={chosenLot?.lotId ?? ''}
              onChange={(event) => setLotId(event.target.value)}
              input={<OutlinedInput label="Car park" />}
              inputProps={{
                id: `${id}-lot`,
                'aria-describedby': problems.lot ? `${id}-lot-problem` : undefined,
              }}
            >
              {lots.map((lot) => (
                <option key={lot.lotId} value={lot.lotId}>
                  {lot.name}
                </option>
              ))}
            </NativeSelect>
            {problems.lot && <FormHelperText id={`${id}-lot-problem`}>{problems.lot}</FormHelperText>}
          </FormControl>
        )}
        <FormControl error={Boolean(emailProblem || problems.email)} sx={{ flex: '1 1 220px' }}>
          <InputLabel htmlFor={`${id}-email`}>Email</InputLabel>
          <OutlinedInput
            id={`${id}-email`}
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby={emailProblem || problems.email ? `${id}-email-problem` : undefined}
          />
          {(emailProblem || problems.email) && (
            <FormHelperText id={`${id}-email-problem`}>{emailProblem || problems.email}</FormHelperText>
          )}
        </FormControl>
        <Button
          type="button"
          variant="outlined"
          size="large"
          onClick={submit}
          disabled={join.isPending}
          startIcon={join.isPending ? <CircularProgress size={18} aria-hidden /> : undefined}
          sx={{ mt: 0.5 }}
        >
          Join the waitlist
        </Button>
      </Box>
      {(problems.form || (lots.length === 1 && problems.lot)) && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problems.form ?? problems.lot}
        </Alert>
      )}
    </Box>
  );
}
