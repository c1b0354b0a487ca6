/**
 * An email built while a change is made, queued in that change's transaction (db/job-queue.ts): it is sent once
 * the change has committed, by the job queue's workers, and never for a change rolled back.
 */
import type { Executor } from '../db/client';
import { enqueue, type QueuedMail } from '../db/job-queue';
import type { MailMessage } from './mailer';

function queuedMail(message: MailMessage): QueuedMail {
  const { attachments, ...rest } = message;
  if (!attachments?.length) return rest;
  return {
    ...rest,
    attachments: attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      contentBase64: file.content.toString('base64'),
      ...(file.cid ? { cid: file.cid } : {}),
    })),
  };
}

export function mailFromQueue(mail: QueuedMail): MailMessage {
  const { attachments, ...rest } = mail;
  if (!attachments?.length) return rest;
  return {
    ...rest,
    attachments: attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.contentBase64, 'base64'),
      ...(file.cid ? { cid: file.cid } : {}),
    })),
  };
}

/** Queues `message` in `db`'s transaction. */
export function queueMail(db: Executor, message: MailMessage): Promise<void> {
  return enqueue(db, { kind: 'mail', mail: queuedMail(message) });
}
