import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudApiWhatsApp, outboxWhatsApp } from './whatsapp.ts';

/**
 * The WhatsApp adapters. The fake serves Meta's WhatsApp Cloud API as documented at
 * https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages (send a text message:
 * `POST /{Version}/{Phone-Number-ID}/messages`, answer `{messaging_product, contacts: [{input,
 * wa_id}], messages: [{id}]}`) and its error object
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes:
 * `{error: {message, type, code, error_subcode, fbtrace_id}}`).
 */

interface Received {
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

let server: http.Server;
let baseUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(data) as Record<string, unknown>;
      received.push({ url: request.url ?? '', authorization: request.headers.authorization, body });
      response.setHeader('content-type', 'application/json');
      if (request.headers.authorization !== 'Bearer good-token') {
        response.statusCode = 401;
        response.end(
          JSON.stringify({
            error: {
              message: 'Error validating access token: Session has expired',
              type: 'OAuthException',
              code: 190,
              error_subcode: 463,
              fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
            },
          }),
        );
        return;
      }
      response.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: 'wamid.HBgLMTY0NjcwNDM1OTUVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the WhatsApp Cloud API adapter', () => {
  it('posts a text message to the phone number’s messages endpoint', async () => {
    const whatsapp = cloudApiWhatsApp({
      apiUrl: baseUrl,
      phoneNumberId: '106540352242922',
      accessToken: 'good-token',
    });
    expect(whatsapp.offline).toBe(false);
    await whatsapp.send({ to: '+55 43 99999-0000', text: 'Rain alert' });
    expect(received.at(-1)).toEqual({
      url: '/v21.0/106540352242922/messages',
      authorization: 'Bearer good-token',
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '5543999990000',
        type: 'text',
        text: { preview_url: false, body: 'Rain alert' },
      },
    });
  });

  it('fails the send (so the job retries) with the provider’s error', async () => {
    const whatsapp = cloudApiWhatsApp({
      apiUrl: baseUrl,
      phoneNumberId: '106540352242922',
      accessToken: 'expired',
    });
    await expect(whatsapp.send({ to: '5543999990000', text: 'x' })).rejects.toThrow(
      /190 Error validating access token/,
    );
  });
});

describe('the offline outbox', () => {
  it('writes each message to a file labelled offline', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-wa-'));
    try {
      const whatsapp = outboxWhatsApp(dir, () => new Date('2026-11-25T12:00:00Z'));
      expect(whatsapp.offline).toBe(true);
      await whatsapp.send({ to: '+1 (555) 010-0000', text: 'Weekly digest' });
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(JSON.parse(fs.readFileSync(path.join(dir, files[0]!), 'utf8'))).toEqual({
        to: '15550100000',
        text: 'Weekly digest',
        offline: true,
        written_at: '2026-11-25T12:00:00.000Z',
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
