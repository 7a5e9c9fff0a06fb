import type { Mailer } from '../../infra/mail/index.js';
import { ChannelNotConfiguredError, type ChannelSender } from '../delivery-port.js';

interface EmailOptions {
  from?: string;
  reply_to?: string;
  html?: boolean;
  attachments?: { filename: string; content: string; content_type?: string }[];
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The `email` channel on the service's mailer: the title is the subject, the message the body.
 * With `html: true` the message is sent as HTML (it is the sender's HTML) with a text
 * alternative; `from`, `reply_to` and `attachments` (base64) come from the email options.
 */
export function createEmailSender(mailer: Mailer): ChannelSender {
  return {
    channel: 'email',
    async deliver(target) {
      if (!mailer.configured) throw new ChannelNotConfiguredError('email: SMTP_URL is not set');
      const options = target.options as EmailOptions;
      const link = target.click_url ? `\n\n${target.click_url}` : '';
      const html = options.html
        ? `${target.message}${target.click_url ? `<p><a href="${escape(target.click_url)}">${escape(target.click_url)}</a></p>` : ''}`
        : undefined;
      await mailer.send({
        to: target.recipient.email,
        subject: target.title,
        text: options.html ? target.message.replace(/<[^>]*>/g, '') + link : target.message + link,
        ...(html === undefined ? {} : { html }),
        ...(options.from ? { from: options.from } : {}),
        ...(options.reply_to ? { replyTo: options.reply_to } : {}),
        ...(options.attachments ? {
          attachments: options.attachments.map((a) => ({ filename: a.filename, content: a.content, ...(a.content_type ? { contentType: a.content_type } : {}) })),
        } : {}),
      });
    },
  };
}
