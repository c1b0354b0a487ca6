import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { businessDate } from '@parking/domain/dates';
import { messages } from '@parking/domain/messages';
import { AdminPageHeading } from '@/components/admin/page-heading';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { paths } from '@/config/paths';
import { errorDetails, firstErrorDetail } from '@/lib/api/client';
import { saveCustody } from '@/lib/api/custody';
import { useLiveEvents } from '@/lib/api/live-events';
import { BUSINESS_TIME_ZONE, formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { applyBoardEvent, boardKey, boardQuery, moveCard, type BringUpCard } from '../api/bring-up';
import { createAskAlert } from '../components/bring-up-alert';
import { BringUpCardView, type CardAction } from '../components/bring-up-card';

const TITLE = paths.adminBringUp.title;
const LIVE_LABEL = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  refused: 'Not live',
};

/** The clock the waits count from: once every 30 seconds is enough for minutes. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The bring-up board (issue 41, every staff member, phone-first): the day's pick-ups in the order the cars are
 * needed, live on every open screen; each card moves along with one thumb (Ready asks the bay, Hand back the
 * kilometres out). A car asked for beeps and vibrates once sound is turned on.
 */
export function BringUpBoardPage() {
  usePageTitle(TITLE);
  const [search] = useSearchParams();
  const date = search.get('date') ?? businessDate(new Date(), BUSINESS_TIME_ZONE);
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const board = useQuery(boardQuery(date));
  const now = useNow();
  const alertRef = useRef(createAskAlert());
  const [soundOn, setSoundOn] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const live = useLiveEvents(
    'bring-up-board/events',
    (event) => {
      const before = queryClient.getQueryData<BringUpCard[]>(boardKey(date));
      const after = applyBoardEvent(before, event);
      if (!after) return;
      if (event.event === 'card' && before) {
        const asked = after.find(
          (card) => card.state === 'asked' && before.find((old) => old.id === card.id)?.state !== 'asked',
        );
        if (asked) {
          alertRef.current.alert();
          setAnnouncement(`${asked.firstName} ${asked.lastName}'s car has been asked for.`);
        }
      }
      queryClient.setQueryData(boardKey(date), after);
    },
    { query: { date } },
  );

  const act = async (card: BringUpCard, action: CardAction) => {
    setBusy(card.id);
    try {
      if (action.kind === 'move') {
        const moved = await moveCard(card.id, action.move);
        queryClient.setQueryData<BringUpCard[]>(boardKey(date), (cards) =>
          applyBoardEvent(cards, {
            event: 'card',
            data: JSON.stringify({ id: moved.id, attributes: moved }),
          }),
        );
      } else {
        // The hand-back is the custody record's own, with the kilometres out.
        await saveCustody(card.id, 'hand-backs', {
          attributes: { at: new Date().toISOString(), kilometers: action.kilometers },
          relationships: {},
        });
        await queryClient.invalidateQueries({ queryKey: boardKey(date) });
      }
    } catch (error) {
      for (const detail of errorDetails(error, messages.unknownError)) snackbar.show(detail, 'error');
    } finally {
      setBusy(null);
    }
  };

  const cards = board.data ?? [];
  const waiting = cards.filter((card) => card.state !== 'handed_back');
  const done = cards.filter((card) => card.state === 'handed_back');

  return (
    <Stack sx={{ maxWidth: 720, mx: 'auto' }}>
      <AdminPageHeading
        title={TITLE}
        subtitle={`Pick-ups of ${formatDate(`${date}T12:00:00Z`)}, in the order the cars are needed`}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={live === 'live' ? 'success' : live === 'refused' ? 'error' : 'default'}
              label={LIVE_LABEL[live]}
            />
            <Button
              variant={soundOn ? 'text' : 'outlined'}
              startIcon={<NotificationsActiveOutlinedIcon />}
              disabled={soundOn}
              onClick={() => {
                alertRef.current.enableSound();
                setSoundOn(true);
              }}
              sx={{ minHeight: 44 }}
            >
              {soundOn ? 'Sound on' : 'Turn on sound'}
            </Button>
          </Stack>
        }
      />
      <Typography
        component="p"
        role="status"
        aria-live="assertive"
        sx={{ position: 'absolute', left: -10_000 }}
      >
        {announcement}
      </Typography>
      {board.isPending ? (
        <Stack spacing={2} role="progressbar" aria-label="Loading the board">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </Stack>
      ) : board.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void board.refetch()}>
              Try again
            </Button>
          }
        >
          {firstErrorDetail(board.error, messages.unknownError)}
        </Alert>
      ) : cards.length === 0 ? (
        <Alert severity="info">No pick-ups on this day.</Alert>
      ) : (
        <Stack spacing={2} component="section" aria-label="Cars to bring up">
          {waiting.map((card) => (
            <BringUpCardView
              key={card.id}
              card={card}
              now={now}
              busy={busy === card.id}
              onAction={(action) => void act(card, action)}
            />
          ))}
          {done.length > 0 && (
            <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
              Handed back ({done.length})
            </Typography>
          )}
          {done.map((card) => (
            <BringUpCardView key={card.id} card={card} now={now} busy={false} onAction={() => undefined} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
