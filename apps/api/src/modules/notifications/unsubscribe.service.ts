import {
  NOTIFICATION_TYPE_IDS,
  UNSUBSCRIBE_KINDS,
  isLanguage,
  type Language,
  type UnsubscribeKind,
} from '@lavoura/domain';
import { translate } from '@lavoura/i18n';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { UnsubscribeClaims, UnsubscribeTokens } from './unsubscribe-token.ts';
import { ofAccount } from '../../policies/tenancy.ts';

export interface UnsubscribeServiceDeps {
  db: Database;
  tokens: UnsubscribeTokens;
  /** Base of the link (http://localhost:3000): the API answers under `${publicUrl}/api`. */
  publicUrl: string;
  now?: () => Date;
}

/** What a recurring e-mail carries to be stopped: the link of its body and its headers. */
export interface UnsubscribeLink {
  url: string;
  /** RFC 2369 List-Unsubscribe and RFC 8058 one-click (a mail app POSTs to the same URL). */
  headers: Record<string, string>;
}

/** The answer of the page: the text in the person's language, and its HTTP status. */
export interface UnsubscribePage {
  status: number;
  language: Language;
  title: string;
  paragraphs: string[];
  appUrl: string;
  /** The confirmation's button (the GET's page): it POSTs back to the same link. */
  confirmButton?: string;
}

/**
 * Unsubscribing from a recurring e-mail (issue 29 item 9): the digest, the quotes summary and the
 * rain alert carry a signed link; confirming it (the link's page POSTs back, as the mail app's
 * one-click does) removes the
 * e-mail's notification type from the person's farm notification settings in that account, the
 * same preference the farm's notifications dialog edits, so the next run sends them nothing.
 */
export class UnsubscribeService {
  private readonly now: () => Date;

  constructor(private readonly deps: UnsubscribeServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async linkFor(
    recipient: { accountId: number; userId: number },
    kind: UnsubscribeKind,
    language: Language,
    now = this.now(),
  ): Promise<UnsubscribeLink> {
    const { accountId, userId } = recipient;
    const token = await this.deps.tokens.sign({ accountId, userId, kind }, now);
    // The language only chooses the words of an error page (the token is checked, not it).
    const url = `${this.deps.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}&lang=${language}`;
    return {
      url,
      headers: {
        'List-Unsubscribe': `<${url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /**
   * The page of the e-mail's link (GET): what it will stop and a button that confirms (a POST to
   * the same link). Following the link changes nothing, so a mail scanner that opens every link
   * cannot unsubscribe anyone (RFC 8058 §1: only the POST acts).
   */
  async confirmation(token: string, linkLanguage: string | undefined): Promise<UnsubscribePage> {
    const checked = await this.check(token, linkLanguage);
    if ('refusal' in checked) return checked.refusal;
    const { language, kind } = await this.recipientOf(checked.claims, checked.fallback);
    return {
      ...this.page(
        200,
        language,
        [translate(language, 'digest', 'unsubscribe.confirm', { kind })],
        translate(language, 'digest', 'unsubscribe.title'),
      ),
      confirmButton: translate(language, 'digest', 'unsubscribe.confirm_button'),
    };
  }

  /**
   * Turns the token's kind off for its person on every farm of its account, then says so in their
   * language (the confirmation's button, or the mail app's one-click POST). A tampered or expired
   * token changes nothing: the page says why (400 or 410), in the link's language.
   */
  async unsubscribe(token: string, linkLanguage: string | undefined): Promise<UnsubscribePage> {
    const checked = await this.check(token, linkLanguage);
    if ('refusal' in checked) return checked.refusal;
    const { claims } = checked;
    const s = t.farmNotificationSettings;
    const typeId = NOTIFICATION_TYPE_IDS[UNSUBSCRIBE_KINDS[claims.kind]];
    await this.deps.db
      .update(s)
      .set({
        notificationTypeIds: sql`array_remove(${s.notificationTypeIds}, ${typeId}::integer)`,
        updatedAt: this.now(),
      })
      .where(and(ofAccount(s, claims), eq(s.userId, claims.userId)));
    const { language, kind } = await this.recipientOf(claims, checked.fallback);
    return this.page(
      200,
      language,
      [
        translate(language, 'digest', 'unsubscribe.done', { kind }),
        translate(language, 'digest', 'unsubscribe.again', { kind }),
      ],
      translate(language, 'digest', 'unsubscribe.title'),
    );
  }

  /** The token's claims, or the error page of a tampered or expired one. */
  private async check(
    token: string,
    linkLanguage: string | undefined,
  ): Promise<{ claims: UnsubscribeClaims; fallback: Language } | { refusal: UnsubscribePage }> {
    const fallback: Language = isLanguage(linkLanguage) ? linkLanguage : 'pt';
    try {
      return { claims: await this.deps.tokens.verify(token, this.now()), fallback };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const refusal = this.page(
        error.status,
        fallback,
        [translate(fallback, 'errors', error.key)],
        translate(fallback, 'digest', 'unsubscribe.error_title'),
      );
      return { refusal };
    }
  }

  /** The person's language (else the link's) and the e-mail kind's name in it. */
  private async recipientOf(
    claims: { userId: number; kind: UnsubscribeKind },
    fallback: Language,
  ): Promise<{ language: Language; kind: string }> {
    const [user] = await this.deps.db
      .select({ language: t.users.language })
      .from(t.users)
      .where(eq(t.users.id, claims.userId));
    const language = isLanguage(user?.language) ? user.language : fallback;
    const kind = translate(
      language,
      'reference',
      `notification_type.${UNSUBSCRIBE_KINDS[claims.kind]}`,
    );
    return { language, kind };
  }

  private page(
    status: number,
    language: Language,
    paragraphs: string[],
    title: string,
  ): UnsubscribePage {
    return { status, language, title, paragraphs, appUrl: `${this.deps.publicUrl}/v3/login` };
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The small page the link answers: no script, inline style only (the CSP allows no more). */
export function unsubscribeHtml(page: UnsubscribePage): string {
  const lang = { pt: 'pt-BR', en: 'en', es: 'es' }[page.language];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; color: #1b2a1b">
<h1 style="font-size: 1.4rem">${escapeHtml(page.title)}</h1>
${page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${page.confirmButton ? `<form method="post"><button type="submit" style="font: inherit; padding: 0.5rem 1rem">${escapeHtml(page.confirmButton)}</button></form>\n` : ''}<p><a href="${escapeHtml(page.appUrl)}">${escapeHtml(translate(page.language, 'digest', 'unsubscribe.open'))}</a></p>
</body>
</html>
`;
}
