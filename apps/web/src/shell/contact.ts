/** Where people reach the Lavoura team (the e-mails' sender domain). */
export const SUPPORT_EMAIL = 'suporte@lavoura.app';
export const FEEDBACK_EMAIL = 'feedback@lavoura.app';

export function contactMailto(subject: string, to: string = SUPPORT_EMAIL): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}
