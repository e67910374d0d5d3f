import type { ContactBody } from '@acervo/contract/contact';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { enqueueMail } from '../mail/mail.service.ts';

/**
 * Name and phone end up in the subject and header-like lines of the mail: line breaks and other
 * control characters become spaces, so a CR/LF can never start a header of its own. (The e-mail
 * is a validated address, and nodemailer encodes headers too; this holds whatever the transport.)
 */
// eslint-disable-next-line no-control-regex -- control characters are the point
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

/**
 * Stores the message, then queues its mail to `contactEmail` in the same transaction: once the
 * visitor sees the thank-you panel, the message is in the database and its mail will go out, even
 * if the SMTP server is down right now (the outbox retries).
 */
export async function receiveContactMessage(db: Db, body: ContactBody, contactEmail: string): Promise<void> {
  const name = oneLine(body.inputName);
  const phone = oneLine(body.inputPhone ?? '');
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO contact_messages (id, name, email, phone, message) VALUES ($1, $2, $3, $4, $5)`,
      [newId(), name, body.inputEmail, phone || null, body.textMessage],
    );
    await enqueueMail(tx, {
      to: contactEmail,
      locale: 'pt',
      template: 'contact_message',
      data: { name, email: body.inputEmail, phone, message: body.textMessage },
      replyTo: body.inputEmail,
    });
  });
}
