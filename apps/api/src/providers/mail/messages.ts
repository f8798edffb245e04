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
