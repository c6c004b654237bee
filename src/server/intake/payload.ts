import { z } from 'zod';
import { text } from '../../contract/text';

/** The part of a Typeform webhook delivery the intake reads (third-party shape). */
const AnswerSchema = z
  .object({
    type: text({ multiline: true }),
    field: z
      .object({
        id: text({ multiline: true }),
        type: text({ multiline: true }).optional(),
        ref: text({ multiline: true }).optional(),
      })
      .passthrough(),
    text: text({ multiline: true }).optional(),
    email: text({ multiline: true }).optional(),
    phone_number: text({ multiline: true }).optional(),
    number: z.number().optional(),
    boolean: z.boolean().optional(),
    date: text({ multiline: true }).optional(),
    url: text({ multiline: true }).optional(),
    choice: z
      .object({ label: text({ multiline: true }).optional(), other: text({ multiline: true }).optional() })
      .passthrough()
      .optional(),
    choices: z
      .object({ labels: z.array(text({ multiline: true })).optional(), other: text({ multiline: true }).optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();

export const TypeformDeliverySchema = z
  .object({
    event_id: text({ multiline: true }).min(1).max(200),
    event_type: z.literal('form_response'),
    form_response: z
      .object({
        submitted_at: text({ multiline: true }).optional(),
        definition: z
          .object({
            fields: z
              .array(
                z
                  .object({
                    id: text({ multiline: true }),
                    title: text({ multiline: true }),
                    ref: text({ multiline: true }).optional(),
                  })
                  .passthrough(),
              )
              .max(200),
          })
          .passthrough()
          .optional(),
        answers: z.array(AnswerSchema).max(200),
        hidden: z.record(text({ multiline: true }), text({ multiline: true })).optional(),
      })
      .passthrough(),
  })
  .passthrough();
export type TypeformDelivery = z.infer<typeof TypeformDeliverySchema>;

type Answer = z.infer<typeof AnswerSchema>;

function valueOf(answer: Answer): string | null {
  if (answer.text !== undefined) return answer.text;
  if (answer.email !== undefined) return answer.email;
  if (answer.phone_number !== undefined) return answer.phone_number;
  if (answer.number !== undefined) return String(answer.number);
  if (answer.boolean !== undefined) return answer.boolean ? 'Ja' : 'Nee';
  if (answer.date !== undefined) return answer.date;
  if (answer.url !== undefined) return answer.url;
  if (answer.choice) return answer.choice.label ?? answer.choice.other ?? null;
  if (answer.choices)
    return [...(answer.choices.labels ?? []), ...(answer.choices.other ? [answer.choices.other] : [])].join(', ');
  return null;
}

export type Intake = {
  email: string | null;
  name: string | null;
  lastName: string | null;
  phone: string | null;
  answers: Record<string, string>;
};

const matches = (answer: Answer, title: string, refs: string[], words: RegExp) =>
  refs.includes(answer.field.ref ?? '') || words.test(title);

/** Reads the client's e-mail, name and phone and keeps every answer as `{question title: value}`. */
export function readIntake(delivery: TypeformDelivery): Intake {
  const titles = new Map((delivery.form_response.definition?.fields ?? []).map((f) => [f.id, f.title]));
  const intake: Intake = { email: null, name: null, lastName: null, phone: null, answers: {} };
  for (const answer of delivery.form_response.answers) {
    const value = valueOf(answer)?.trim().slice(0, 2_000) ?? '';
    if (!value) continue;
    const title = (titles.get(answer.field.id) ?? answer.field.ref ?? answer.field.id).slice(0, 300);
    if (answer.type === 'email' && !intake.email) intake.email = value.toLowerCase();
    else if (answer.type === 'phone_number' && !intake.phone) intake.phone = value;
    else if (!intake.lastName && matches(answer, title, ['last_name', 'achternaam'], /achternaam|last name/i))
      intake.lastName = value.slice(0, 250);
    else if (!intake.name && matches(answer, title, ['first_name', 'name', 'voornaam'], /voornaam|first name|^naam/i))
      intake.name = value.slice(0, 250);
    intake.answers[title] = value;
  }
  return intake;
}
