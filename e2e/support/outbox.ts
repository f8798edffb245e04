import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** The newest e-mail the server wrote to DATA_DIR/outbox for an address, waiting for it to land. */
export async function latestMailTo(
  dataDir: string,
  email: string,
  timeoutMs = 10_000,
): Promise<{ subject: string; text: string }> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      const to = Array.isArray(mail.to)
        ? mail.to.map((a) => a.text).join(',')
        : (mail.to?.text ?? '');
      if (to.includes(email)) return { subject: mail.subject ?? '', text: mail.text ?? '' };
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
