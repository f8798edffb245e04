import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra header fields (a recurring e-mail's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** Sends e-mail. Adapters: `outbox` (the offline default, .eml files) and SMTP. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/**
 * The offline default: each message is written as a standard .eml file under DATA_DIR/outbox/,
 * where a developer (or a test) opens it. Nothing leaves the machine.
 */
export function outboxMailer(outboxDir: string, from: string): Mailer {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await composer.sendMail({ from, ...message });
      fs.mkdirSync(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${randomBytes(3).toString('hex')}.eml`;
      fs.writeFileSync(path.join(outboxDir, file), info.message as Buffer);
    },
  };
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function createMailer(transport: string, dataDir: string, from: string): Mailer {
  return transport === 'outbox'
    ? outboxMailer(path.join(dataDir, 'outbox'), from)
    : smtpMailer(transport, from);
}
