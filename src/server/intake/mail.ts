import type { MailMessage } from '../mail/mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sent after the intake form: the portal is ready, with the link to log in. */
export function intakeMail(input: { to: string; name: string | null; link: string; productName: string }): MailMessage {
  const greeting = input.name ? `Hallo ${input.name},` : 'Hallo,';
  const text = [
    greeting,
    '',
    `Bedankt voor het invullen van het formulier. Je persoonlijke portaal bij ${input.productName} staat klaar.`,
    'Log in met je e-mailadres; je ontvangt dan een code om in te loggen. Er is geen wachtwoord nodig.',
    '',
    input.link,
    '',
    'In je portaal vertel je je verhaal, upload je je documenten en kies je een pakket.',
    '',
    'Met vriendelijke groet,',
    input.productName,
  ].join('\n');
  const html = `<!doctype html><html lang="nl"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>Bedankt voor het invullen van het formulier. Je persoonlijke portaal bij ${escapeHtml(input.productName)} staat klaar.<br>
Log in met je e-mailadres; je ontvangt dan een code om in te loggen. Er is geen wachtwoord nodig.</p>
<p><a href="${escapeHtml(input.link)}">Ik wil in mijn portaal</a></p>
<p>In je portaal vertel je je verhaal, upload je je documenten en kies je een pakket.</p>
<p>Met vriendelijke groet,<br>${escapeHtml(input.productName)}</p>
</body></html>`;
  return { to: input.to, subject: `Je portaal bij ${input.productName} staat klaar`, text, html };
}
