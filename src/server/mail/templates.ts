import type { MailMessage } from './mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Dutch login-code mail: plain text with the code alone on a line, and HTML. */
export function loginCodeMail(input: { to: string; name: string | null; code: string; productName: string; minutes: number }): MailMessage {
  const greeting = input.name ? `Hallo ${input.name},` : 'Hallo,';
  const text = [
    greeting,
    '',
    `Je inlogcode voor ${input.productName} is:`,
    '',
    input.code,
    '',
    `De code is ${input.minutes} minuten geldig en werkt één keer.`,
    'Heb je deze code niet aangevraagd? Dan kun je deze e-mail negeren; er verandert niets aan je account.',
    '',
    'Met vriendelijke groet,',
    input.productName,
  ].join('\n');
  const html = `<!doctype html><html lang="nl"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>Je inlogcode voor ${escapeHtml(input.productName)} is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(input.code)}</p>
<p>De code is ${input.minutes} minuten geldig en werkt één keer.<br>Heb je deze code niet aangevraagd? Dan kun je deze e-mail negeren; er verandert niets aan je account.</p>
<p>Met vriendelijke groet,<br>${escapeHtml(input.productName)}</p>
</body></html>`;
  return { to: input.to, subject: `Je inlogcode voor ${input.productName}`, text, html };
}
