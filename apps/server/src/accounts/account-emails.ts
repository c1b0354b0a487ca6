/** Issues the single-use token for an account email and sends it once the write is committed. */
import type { RequestContext } from '../context';
import { issueUserToken, TOKEN_TTL_MS } from './user-tokens';
import { confirmEmailMessage, passwordResetMessage, welcomeSetPasswordMessage } from '../mail/templates';
import { queueMail } from '../mail/queue-mail';

interface MailUser {
  id: number;
  email: string;
  firstName: string;
}

function confirmEmailUrl(base: string, uid: number, token: string): string {
  const query = new URLSearchParams({ uid: String(uid), token });
  return `${base}/confirm-email?${query}`;
}

export function setPasswordUrl(
  base: string,
  uid: number,
  token: string,
  email: string,
  welcome = false,
): string {
  const query = new URLSearchParams({ uid: String(uid), token, email });
  if (welcome) query.set('welcome', 'true');
  return `${base}/set-password?${query}`;
}

/**
 * A newly registered user confirms their address; a user created by staff without a password
 * gets a welcome link that sets one (which also confirms the address).
 */
export async function sendConfirmationEmail(
  ctx: RequestContext,
  user: MailUser,
  welcome = false,
): Promise<void> {
  const base = ctx.services.config.publicUrl;
  if (welcome) {
    const token = await issueUserToken(
      ctx.db,
      user.id,
      'password_reset',
      ctx.now,
      TOKEN_TTL_MS.email_confirmation,
    );
    const message = welcomeSetPasswordMessage(
      user.email,
      user.firstName,
      setPasswordUrl(base, user.id, token, user.email, true),
    );
    await queueMail(ctx.db, message);
    return;
  }
  const token = await issueUserToken(ctx.db, user.id, 'email_confirmation', ctx.now);
  const message = confirmEmailMessage(user.email, user.firstName, confirmEmailUrl(base, user.id, token));
  await queueMail(ctx.db, message);
}

export async function sendPasswordResetEmail(
  ctx: RequestContext,
  user: Omit<MailUser, 'firstName'>,
): Promise<void> {
  const token = await issueUserToken(ctx.db, user.id, 'password_reset', ctx.now);
  const message = passwordResetMessage(
    user.email,
    setPasswordUrl(ctx.services.config.publicUrl, user.id, token, user.email),
  );
  await queueMail(ctx.db, message);
}
