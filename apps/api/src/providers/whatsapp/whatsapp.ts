import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

interface WhatsAppMessage {
  /** The recipient's number in international form, digits only or with a leading + (5543999990000). */
  to: string;
  text: string;
}

/**
 * Sends WhatsApp messages (issue 14 item 7). Adapters: `outbox` (the offline default, labelled
 * offline: each message is a JSON file under DATA_DIR/whatsapp-outbox/) and `cloud-api` (Meta's
 * WhatsApp Cloud API, https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages).
 */
export interface WhatsAppSender {
  readonly kind: 'outbox' | 'cloud-api';
  /** True for the outbox: nothing reaches a phone (the back office says so). */
  readonly offline: boolean;
  send(message: WhatsAppMessage): Promise<void>;
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/** The offline default: `{to, text, offline: true, written_at}` per message, one file each. */
export function outboxWhatsApp(
  outboxDir: string,
  clock: () => Date = () => new Date(),
): WhatsAppSender {
  return {
    kind: 'outbox',
    offline: true,
    async send(message) {
      const at = clock();
      fs.mkdirSync(outboxDir, { recursive: true });
      const file = `${at.toISOString().replace(/[:.]/g, '-')}-${digits(message.to)}-${randomBytes(3).toString('hex')}.json`;
      const body = {
        to: digits(message.to),
        text: message.text,
        offline: true,
        written_at: at.toISOString(),
      };
      await fs.promises.writeFile(path.join(outboxDir, file), `${JSON.stringify(body, null, 2)}\n`);
    },
  };
}

export interface CloudApiOptions {
  /** https://graph.facebook.com/v21.0 (WHATSAPP_API_URL). */
  apiUrl: string;
  /** The business phone number's id (WHATSAPP_PHONE_NUMBER_ID). */
  phoneNumberId: string;
  /** A system user's access token (WHATSAPP_ACCESS_TOKEN). */
  accessToken: string;
  fetch?: typeof fetch;
}

/**
 * Meta's WhatsApp Cloud API: `POST {apiUrl}/{phone-number-id}/messages` with a text message. It
 * answers `{messaging_product, contacts: [{input, wa_id}], messages: [{id}]}`, or an error object
 * `{error: {message, type, code, fbtrace_id}}` with a 4xx/5xx status, which fails the send (the job
 * retries it). Free-form text reaches a person only inside the 24 h customer-service window; outside
 * it Meta requires an approved template (docs/digest-and-notifications.md).
 */
export function cloudApiWhatsApp(options: CloudApiOptions): WhatsAppSender {
  const call = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');
  return {
    kind: 'cloud-api',
    offline: false,
    async send(message) {
      const response = await call(`${base}/${encodeURIComponent(options.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: digits(message.to),
          type: 'text',
          text: { preview_url: false, body: message.text },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        messages?: { id?: string }[];
        error?: { message?: string; code?: number };
      };
      if (!response.ok || !answer.messages?.[0]?.id) {
        const detail = answer.error
          ? `${answer.error.code ?? ''} ${answer.error.message ?? ''}`.trim()
          : `status ${response.status}`;
        throw new Error(`WhatsApp Cloud API refused the message: ${detail}`);
      }
    },
  };
}

export type WhatsAppConfig =
  | { provider: 'outbox' }
  | { provider: 'cloud-api'; apiUrl: string; phoneNumberId: string; accessToken: string };

export function createWhatsApp(config: WhatsAppConfig, dataDir: string): WhatsAppSender {
  return config.provider === 'cloud-api'
    ? cloudApiWhatsApp(config)
    : outboxWhatsApp(path.join(dataDir, 'whatsapp-outbox'));
}
