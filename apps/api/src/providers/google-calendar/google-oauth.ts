import { ERRORS, GOOGLE_CALENDAR_SCOPE } from '@lavoura/domain';
import { AppError } from '../../http/app-error.ts';

/**
 * Google's OAuth 2.0 for web server applications
 * (https://developers.google.com/identity/protocols/oauth2/web-server): the consent URL the member
 * is sent to, and the exchange of the code Google sends back for tokens at the token endpoint.
 * Both URLs are configurable (GOOGLE_OAUTH_AUTH_URL, GOOGLE_OAUTH_TOKEN_URL) so tests and private
 * deployments can point them elsewhere.
 */
export interface GoogleOAuthConfig {
  clientId: string;
  clientSecret: string;
  /** https://accounts.google.com/o/oauth2/v2/auth */
  authUrl: string;
  /** https://oauth2.googleapis.com/token */
  tokenUrl: string;
}

/** The token endpoint's documented answer (refresh_token only on the first consent). */
interface GoogleTokens {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
  token_type: string;
}

export interface GoogleOAuth {
  authorizationUrl(redirectUri: string, state: string): string;
  /** 502 exception.google_calendar.auth_failed when Google refuses the code or cannot be reached. */
  exchangeCode(code: string, redirectUri: string): Promise<GoogleTokens>;
}

export function googleOAuth(config: GoogleOAuthConfig): GoogleOAuth {
  return {
    authorizationUrl(redirectUri, state) {
      const url = new URL(config.authUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GOOGLE_CALENDAR_SCOPE,
        // A refresh token, so the calendar keeps working after the hour the access token lasts.
        access_type: 'offline',
        include_granted_scopes: 'true',
        prompt: 'consent',
        state,
      }).toString();
      return url.toString();
    },

    async exchangeCode(code, redirectUri) {
      let response: Response;
      try {
        response = await fetch(config.tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            code,
            client_id: config.clientId,
            client_secret: config.clientSecret,
            redirect_uri: redirectUri,
            grant_type: 'authorization_code',
          }).toString(),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new AppError(ERRORS.googleCalendarAuthFailed, 'Google could not be reached', {
          reason: (error as Error).name,
        });
      }
      const body = (await response.json().catch(() => null)) as
        (Partial<GoogleTokens> & { error?: string }) | null;
      if (!response.ok || !body || typeof body.access_token !== 'string')
        throw new AppError(ERRORS.googleCalendarAuthFailed, 'Google refused the code', {
          status: response.status,
          error: body?.error ?? null,
        });
      return {
        access_token: body.access_token,
        expires_in: Number(body.expires_in ?? 3600),
        ...(typeof body.refresh_token === 'string' ? { refresh_token: body.refresh_token } : {}),
        scope: String(body.scope ?? ''),
        token_type: String(body.token_type ?? 'Bearer'),
      };
    },
  };
}
