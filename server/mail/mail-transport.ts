import nodemailer from 'nodemailer';

/** One message as it leaves the portal. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where messages go: the school's SMTP server. A separate interface so that the sender never sees nodemailer. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/**
 * nodemailer over SMTP_URL: `smtp://` upgrades with STARTTLS when the server offers it, `smtps://` is TLS
 * from the first byte. A small pool of connections, and time limits so that a silent server fails a try
 * instead of holding the message's lease.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close() {
      transporter.close();
    },
  };
}
