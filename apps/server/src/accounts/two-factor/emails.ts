/** The notices of a second factor gone, queued in the change's own transaction (sent once it has committed). */
import type { RequestContext } from '../../context';
import { message } from '../../mail/templates';
import { queueMail } from '../../mail/queue-mail';

function twoFactorOffMessage(to: string, profileUrl: string, byAdmin: boolean) {
  return message(
    to,
    byAdmin ? 'Your two-factor sign-in was reset' : 'Two-factor sign-in was turned off',
    byAdmin ? 'Your two-factor sign-in was reset' : 'Two-factor sign-in was turned off',
    [
      byAdmin
        ? 'An administrator reset the two-factor sign-in of your account: your authenticator app, recovery codes and passkeys no longer sign you in, and you have been signed out everywhere.'
        : 'Two-factor sign-in was turned off on your account: your password alone now signs you in.',
      'If you did not expect this, change your password and contact us straight away.',
    ],
    { label: 'Open my profile', url: profileUrl },
  );
}

export function queueTwoFactorOffNotice(ctx: RequestContext, to: string, byAdmin: boolean): Promise<void> {
  const url = `${ctx.services.config.publicUrl}/profile?tab=security`;
  return queueMail(ctx.db, twoFactorOffMessage(to, url, byAdmin));
}
