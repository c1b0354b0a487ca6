/** The API contract: the waitlist of full days (issue 24). Value formats: see ./json.ts. */

/** `waitlist-entries`: a traveller joins (anyone); staff list them by day. */
export interface WaitlistEntryAttributes {
  email: string;
  startDate: string;
  endDate: string;
  /** pending (not confirmed yet), waiting, offered (a place is held), booked, lapsed (the hold passed on), left. */
  status: string;
  joined: string;
  offeredAt: string | null;
  holdExpiresAt: string | null;
}

/** `waitlist-places/{token}/`: what the emailed link opens, for the traveller holding it. */
export interface WaitlistPlaceAttributes {
  status: string;
  startDate: string;
  endDate: string;
  lotId: string;
  lotName: string;
  /** Until when the place is held, while it is (status offered). */
  holdExpiresAt: string | null;
  /** The email the place is for: the wizard fills it in. */
  email: string;
}

/**
 * The answer to `POST waitlist-entries/`: what was sent, under a random id, the same whether or not the address
 * was on the list already (issue 38). The address is emailed a link to confirm.
 */
export interface WaitlistJoinAnswerAttributes {
  email: string;
  startDate: string;
  endDate: string;
}

/** `POST waitlist-confirmations/`: the entry the confirmation link put on the list, and its waitlist link's token. */
export interface WaitlistConfirmationAttributes extends WaitlistPlaceAttributes {
  placeToken: string;
}
