/**
 * `npm run create-admin -- --email someone@example.com [--password ...] [--first-name ... --last-name ...]`
 * makes the first admin of a production database. Without --password a welcome email with a
 * set-password link is sent (or captured under data/mail/ when no SMTP_URL is set).
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { email as emailRule } from '@parking/domain/fields';
import { newPassword as passwordRule } from '@parking/domain/new-password';
import { hashPassword } from '../accounts/crypto';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/client';
import { customers, users } from '../db/schema/index';
import { createMailer } from '../mail/mailer';
import { welcomeSetPasswordMessage } from '../mail/templates';
import { issueUserToken, TOKEN_TTL_MS } from '../accounts/user-tokens';
import { setPasswordUrl } from '../accounts/account-emails';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'Admin' },
      'last-name': { type: 'string', default: 'User' },
    },
  });
  const email = emailRule.safeParse(values.email ?? '');
  if (!email.success) throw new Error(`--email: ${email.error.issues[0]?.message}`);
  if (values.password !== undefined) {
    const password = passwordRule.safeParse(values.password);
    if (!password.success) throw new Error(`--password: ${password.error.issues[0]?.message}`);
  }
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await handle.migrate();
  try {
    const [existing] = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.data));
    if (existing) throw new Error(`A user with the email ${email.data} already exists.`);
    const passwordHash = values.password ? await hashPassword(values.password) : null;
    const now = new Date();
    const { userId, token } = await handle.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: email.data, passwordHash, roles: ['Admins'], emailConfirmed: passwordHash !== null })
        .returning({ id: users.id });
      if (!user) throw new Error('User not created');
      await tx.insert(customers).values({
        email: email.data,
        firstName: values['first-name'] ?? 'Admin',
        lastName: values['last-name'] ?? 'User',
        staff: true,
        userId: user.id,
      });
      const link = passwordHash
        ? null
        : await issueUserToken(tx, user.id, 'password_reset', now, TOKEN_TTL_MS.email_confirmation);
      return { userId: user.id, token: link };
    });
    if (token) {
      const mailer = createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        mailDir: config.mailDir,
      });
      const url = setPasswordUrl(config.publicUrl, userId, token, email.data, true);
      await mailer.send(welcomeSetPasswordMessage(email.data, values['first-name'] ?? '', url));
      console.info(`Admin ${email.data} created. A welcome email with a set-password link was sent:\n${url}`);
    } else {
      console.info(`Admin ${email.data} created.`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
