import { isLanguage, type Language } from '@lavoura/domain';
import { translate } from '@lavoura/i18n';
import type { MailMessage } from './mailer.ts';

/** The product's e-mails, written in the recipient's language from the `emails` namespace. */
export function composeMail(
  kind:
    | 'activation'
    | 'signup_existing'
    | 'welcome_user'
    | 'added_to_account'
    | 'recovery_password'
    | 'variety_solicitation',
  to: string,
  language: string,
  values: Record<string, string>,
): MailMessage {
  const lang: Language = isLanguage(language) ? language : 'pt';
  return {
    to,
    subject: translate(lang, 'emails', `${kind}.subject`, values),
    text: translate(lang, 'emails', `${kind}.body`, values),
  };
}

/** The notifications the farm settings drive (issue 14 item 7): texts of the `digest` namespace. */
export type NotificationKind = 'weekly_digest' | 'weather_alert' | 'quotes_summary';

/**
 * A notification e-mail. Each is recurring, so it ends with its unsubscribe link and carries it
 * as List-Unsubscribe with RFC 8058's one-click (issue 29 item 9).
 */
export function composeNotification(
  kind: NotificationKind,
  to: string,
  language: string,
  values: Record<string, string>,
  unsubscribe: { url: string; headers: Record<string, string> },
): MailMessage {
  const lang: Language = isLanguage(language) ? language : 'pt';
  const body = translate(lang, 'digest', `messages.${kind}.body`, values);
  const footer = translate(lang, 'digest', 'messages.unsubscribe', {
    unsubscribe: unsubscribe.url,
  });
  return {
    to,
    subject: translate(lang, 'digest', `messages.${kind}.subject`, values),
    text: `${body}\n\n${footer}`,
    headers: unsubscribe.headers,
  };
}

/** The same notification as one WhatsApp text. */
export function composeWhatsAppText(
  kind: NotificationKind,
  language: string,
  values: Record<string, string>,
): string {
  const lang: Language = isLanguage(language) ? language : 'pt';
  return translate(lang, 'digest', `messages.${kind}.whatsapp`, values);
}
