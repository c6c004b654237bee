import { eq } from 'drizzle-orm';
import { getStatus, type StatusSlug } from '../../contract/statuses';
import { getWithdrawalEnd, WITHDRAWAL_DAYS_MINIMUM } from '../../contract/rules/withdrawal-end';
import { createCase } from '../cases/queries';
import { createUser } from '../users/create';
import type { Storage } from '../infra/storage/storage';
import type { Config } from '../infra/config/config';
import { sendProposal } from '../workflow/proposal';
import type { Db } from '../infra/db/client';
import { DEMO_ADMIN, DEMO_CLIENT_EMAILS, DEMO_LAWYERS } from './demo-accounts';
import {
  answers,
  articles,
  availability,
  cases,
  contactPersons,
  documents,
  feedback,
  outbox,
  questions,
  statusArticles,
  users,
} from '../infra/db/schema';

type DemoClient = {
  name: string;
  infix?: string;
  lastName: string;
  status: StatusSlug;
  lawyer: 0 | 1 | null;
  offer?: 'start' | 'complete' | 'extreme';
  company: string;
  city: string;
  feedback?: string;
};

const CLIENTS: DemoClient[] = [
  {
    name: 'Emma',
    lastName: 'de Boer',
    status: 'lead',
    lawyer: null,
    company: 'Havenbedrijf Maasvlakte B.V.',
    city: 'Rotterdam',
  },
  {
    name: 'Lucas',
    infix: 'van',
    lastName: 'Dijk',
    status: 'almost-client',
    lawyer: null,
    company: 'Bakkerij Van Dijk',
    city: 'Schiedam',
  },
  {
    name: 'Sophie',
    lastName: 'Bakker',
    status: 'offer-chosen',
    lawyer: 0,
    offer: 'complete',
    company: 'Zorggroep Noord',
    city: 'Delft',
  },
  {
    name: 'Milan',
    lastName: 'Smit',
    status: 'proposal',
    lawyer: 0,
    offer: 'start',
    company: 'Logistiek Centrum Waalhaven',
    city: 'Rotterdam',
  },
  {
    name: 'Julia',
    infix: 'de',
    lastName: 'Vries',
    status: 'incomplete-case-file',
    lawyer: 0,
    offer: 'extreme',
    company: 'Retail Groep Zuid B.V.',
    city: 'Dordrecht',
  },
  {
    name: 'Noah',
    lastName: 'Meijer',
    status: 'reviewing-documents',
    lawyer: 0,
    offer: 'complete',
    company: 'Installatietechniek Meijer',
    city: 'Gouda',
  },
  {
    name: 'Tess',
    lastName: 'Mulder',
    status: 'negotiation-phase',
    lawyer: 0,
    offer: 'extreme',
    company: 'Stichting Welzijn Rijnmond',
    city: 'Rotterdam',
  },
  {
    name: 'Daan',
    lastName: 'Bos',
    status: 'check',
    lawyer: 0,
    offer: 'start',
    company: 'Drukkerij Bos & Zn.',
    city: 'Vlaardingen',
    feedback: 'Heel fijn dat alles zo snel en duidelijk ging. Ik voelde me echt gehoord.',
  },
  {
    name: 'Sara',
    lastName: 'Peters',
    status: 'ready-for-signing',
    lawyer: 0,
    offer: 'complete',
    company: 'IT Solutions Benelux',
    city: 'Den Haag',
  },
  {
    name: 'Finn',
    infix: 'van den',
    lastName: 'Berg',
    status: 'ready-for-invoicing',
    lawyer: 0,
    offer: 'complete',
    company: 'Bouwbedrijf Van den Berg',
    city: 'Capelle aan den IJssel',
  },
  {
    name: 'Anna',
    lastName: 'Hendriks',
    status: 'completed',
    lawyer: 0,
    offer: 'extreme',
    company: 'Hotel De Maas',
    city: 'Rotterdam',
    feedback:
      'Sanne heeft mij door een heel moeilijke periode geholpen. Ze legde alles rustig uit, belde altijd ' +
      'terug en heeft een veel betere vergoeding binnengehaald dan ik zelf had verwacht. Aanrader!',
  },
  {
    name: 'Levi',
    lastName: 'Dekker',
    status: 'reviewing-documents',
    lawyer: 1,
    offer: 'start',
    company: 'Autobedrijf Dekker',
    city: 'Spijkenisse',
  },
];

const ARTICLES = [
  {
    title: 'Wat is een vaststellingsovereenkomst?',
    description: 'Je werkgever wil afscheid nemen met wederzijds goedvinden. Dit moet je weten voordat je iets tekent.',
    tags: ['vaststellingsovereenkomst'],
    statuses: ['lead', 'almost-client', 'offer-chosen'],
  },
  {
    title: 'Behoud ik mijn WW-uitkering?',
    description: 'Met de juiste afspraken blijft je recht op WW behouden. We leggen uit waar je op let.',
    tags: ['ww', 'uitkering'],
    statuses: ['proposal', 'incomplete-case-file', 'reviewing-documents'],
  },
  {
    title: 'Hoe werkt de transitievergoeding?',
    description: 'Bij ontslag heb je vaak recht op een transitievergoeding. Zo wordt die berekend.',
    tags: ['vergoeding'],
    statuses: ['negotiation-phase', 'check', 'ready-for-signing'],
  },
  {
    title: 'Na je ontslag: de eerste stappen',
    description: 'Je zaak is afgerond. Dit zijn de praktische zaken die je nu regelt.',
    tags: ['na ontslag'],
    statuses: ['ready-for-invoicing', 'completed'],
  },
] as const;

/** A small valid PDF, so demo documents can be downloaded and previewed. */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f ` +
    `\n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const DAY_MS = 86_400_000;

/**
 * Seeds demo lawyers, clients over every status, documents in every state, answers, articles and
 * feedback. The case awaiting a signature gets a real engagement letter from the lawyer (the
 * firm's details from `site`), so its client can read and sign it.
 */
export async function seedDemo(
  db: Db,
  storage: Storage,
  now: Date,
  site: Config['site'],
): Promise<{ lawyers: string[]; clients: string[] }> {
  const lawyerIds: string[] = [];
  for (const [i, lawyer] of DEMO_LAWYERS.entries()) {
    const id = await createUser(db, {
      role: 'lawyer',
      email: lawyer.email,
      name: lawyer.name,
      infix: lawyer.infix,
      lastName: lawyer.lastName,
      title: i === 0 ? 'Senior arbeidsrechtjurist' : null,
      phoneNumber: i === 0 ? '010 123 45 01' : '010 123 45 02',
      quote: i === 0 ? 'Samen zorgen we voor een goede regeling.' : null,
      city: 'Rotterdam',
    });
    lawyerIds.push(id);
    const days =
      i === 0
        ? (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const)
        : (['monday', 'wednesday', 'friday'] as const);
    await db
      .insert(availability)
      .values(days.map((day) => ({ userId: id, day, startTime: '09:00', endTime: '17:00' })));
  }

  const adminId = await createUser(db, {
    role: 'admin',
    email: DEMO_ADMIN.email,
    name: DEMO_ADMIN.name,
    infix: DEMO_ADMIN.infix,
    lastName: DEMO_ADMIN.lastName,
  });
  // The demo admin is also the firm's complaints officer ('klachtenfunctionaris').
  await db.update(users).set({ complaintsOfficer: true }).where(eq(users.id, adminId));

  const [lawyerQuestions, clientQuestions, caseQuestions] = await Promise.all(
    (['lawyer', 'client', 'case'] as const).map((audience) =>
      db.select().from(questions).where(eq(questions.audience, audience)),
    ),
  );
  for (const [i, q] of (lawyerQuestions ?? []).entries()) {
    await db.insert(answers).values({
      questionId: q.id,
      ownerId: lawyerIds[0] as string,
      answer:
        [
          'Omdat iedereen recht heeft op een eerlijke behandeling bij ontslag.',
          'Een cliënt die weer met vertrouwen verder kan.',
          'Hardlopen langs de Maas.',
        ][i] ?? null,
    });
  }

  const articleIds: { id: number; statuses: readonly string[] }[] = [];
  for (const [i, article] of ARTICLES.entries()) {
    const [row] = await db
      .insert(articles)
      .values({
        title: article.title,
        description: article.description,
        tags: [...article.tags],
        image: `/images/articles/article-${i + 1}.svg`,
        link: `https://www.ontslagportaal.nl/kennisbank/${article.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/(^-|-$)/g, '')}`,
      })
      .returning({ id: articles.id });
    if (row) articleIds.push({ id: row.id, statuses: article.statuses });
  }
  for (const article of articleIds) {
    await db
      .insert(statusArticles)
      .values(article.statuses.map((statusSlug, position) => ({ statusSlug, articleId: article.id, position })));
  }

  const clientIds: string[] = [];
  for (const [i, client] of CLIENTS.entries()) {
    const email = DEMO_CLIENT_EMAILS[i] as string;
    const created = new Date(now.getTime() - (40 - i * 3) * DAY_MS);
    const clientId = await createUser(db, {
      role: 'client',
      email,
      name: client.name,
      infix: client.infix ?? null,
      lastName: client.lastName,
      phoneNumber: i === 0 ? null : `06 1234 56${String(i).padStart(2, '0')}`,
      street: i === 0 ? null : 'Coolsingel',
      houseNumber: i === 0 ? null : String(10 + i),
      postcode: i === 0 ? null : `30${String(11 + i)}AB`,
      city: i === 0 ? null : client.city,
    });
    clientIds.push(clientId);
    const lawyerId = client.lawyer === null ? null : (lawyerIds[client.lawyer] as string);
    const caseId = await createCase(db, {
      clientId,
      status: client.status,
      lawyerIds: lawyerId ? [lawyerId] : [],
      now: created,
    });
    const order = getStatus(client.status).order;
    const signed = order > 4;
    await db
      .update(cases)
      .set({
        offer: client.offer ?? null,
        offerChosenAt: client.offer ? new Date(created.getTime() + DAY_MS) : null,
        proposalSignedAt: signed ? new Date(created.getTime() + 3 * DAY_MS) : null,
        // Demo clients chose to let the firm start at once (the lawyer can review their documents).
        withdrawalEndsAt: signed ? getWithdrawalEnd(new Date(created.getTime() + 3 * DAY_MS)) : null,
        startConsent: signed ? true : null,
        minimalAchievement: signed ? (['M1', 'M2', 'M3'] as const)[i % 3] : null,
        appointmentStartTime: order >= 3 ? new Date(created.getTime() + 2 * DAY_MS) : null,
        appointmentEndTime: order >= 3 ? new Date(created.getTime() + 2 * DAY_MS + 3_600_000) : null,
        companyName: i === 0 ? null : client.company,
        companyStreet: i === 0 ? null : 'Industrieweg',
        companyHouseNumber: i === 0 ? null : String(100 + i),
        companyPostcode: i === 0 ? null : `31${String(10 + i)}CD`,
        companyCity: i === 0 ? null : client.city,
        contactEmail: i === 0 ? null : `hr@${client.company.toLowerCase().replace(/[^a-z]+/g, '')}.nl`,
        contactPhoneNumber: i === 0 ? null : `010 765 43 ${String(i).padStart(2, '0')}`,
        typeform:
          i === 0
            ? {}
            : {
                'Wat is je situatie?': 'Mijn werkgever wil mij ontslaan',
                'Hoe lang ben je in dienst?': `${3 + i} jaar`,
                'Heb je al iets getekend?': 'Nee',
              },
        completedAt: client.status === 'completed' ? new Date(now.getTime() - 5 * DAY_MS) : null,
        lastUpdateAt: new Date(now.getTime() - (12 - i) * 3_600_000),
      })
      .where(eq(cases.id, caseId));
    if (client.status === 'proposal' && lawyerId) {
      const [caseRow] = await db.select().from(cases).where(eq(cases.id, caseId));
      if (caseRow)
        await sendProposal(
          { db, storage, config: { site, withdrawalDays: WITHDRAWAL_DAYS_MINIMUM } },
          {
            caseRow,
            minimalAchievement: (['M1', 'M2', 'M3'] as const)[i % 3] ?? 'M1',
            lawyerId,
            now: new Date(now.getTime() - (12 - i) * 3_600_000),
          },
        );
    }

    if (i > 0 && i % 2 === 0) {
      await db.insert(contactPersons).values([
        {
          caseId,
          position: 1,
          firstName: 'Petra',
          lastName: 'de Groot',
          jobTitle: 'HR-manager',
          email: 'petra.degroot@example.org',
          phoneNumber: '010 765 43 21',
        },
        ...(i % 4 === 0
          ? [
              {
                caseId,
                position: 2,
                firstName: 'Mark',
                infix: 'van',
                lastName: 'Leeuwen',
                jobTitle: 'Directeur',
                email: 'mark.vanleeuwen@example.org',
              },
            ]
          : []),
      ]);
    }
    if (order >= 3) {
      for (const [qi, q] of (clientQuestions ?? []).entries()) {
        if (qi === 3) continue;
        await db.insert(answers).values({
          questionId: q.id,
          ownerId: clientId,
          answer:
            [
              'Na een reorganisatie kreeg ik te horen dat mijn functie vervalt.',
              'Drie weken geleden, in een gesprek met mijn leidinggevende.',
              'Ik wil een goede regeling met behoud van WW.',
            ][qi] ?? null,
        });
      }
      const firstCaseQuestion = caseQuestions?.[0];
      if (firstCaseQuestion)
        await db.insert(answers).values({ questionId: firstCaseQuestion.id, ownerId: caseId, answer: `${3 + i} jaar` });
    }

    // Documents: every state appears across the demo cases.
    const docs = await db.select().from(documents).where(eq(documents.caseId, caseId));
    if (order >= 5) {
      for (const [di, doc] of docs.entries()) {
        const state = (['Approved', 'Uploaded', 'Rejected', 'Not Uploaded'] as const)[(di + i) % 4] ?? 'Not Uploaded';
        const fullOnes = order >= 9 ? 'Approved' : state;
        if (fullOnes === 'Not Uploaded') continue;
        const key = `documents/${caseId}/${doc.id}-v1`;
        const { size } = await storage.put(key, demoPdf(doc.title));
        await db
          .update(documents)
          .set({
            status: fullOnes,
            filename: `${doc.slotKey ?? 'document'}.pdf`,
            extension: 'pdf',
            contentType: 'application/pdf',
            sizeBytes: size,
            storageKey: key,
            version: 1,
            uploadedAt: new Date(created.getTime() + 4 * DAY_MS + di * 60_000),
            uploadedBy: clientId,
            approvedBy: fullOnes === 'Approved' ? lawyerId : null,
            rejectedBy: fullOnes === 'Rejected' ? lawyerId : null,
            message: fullOnes === 'Rejected' ? 'De scan is onleesbaar. Wil je een duidelijkere versie uploaden?' : null,
            reviewedAt:
              fullOnes === 'Approved' || fullOnes === 'Rejected' ? new Date(created.getTime() + 5 * DAY_MS) : null,
          })
          .where(eq(documents.id, doc.id));
      }
      const extraKey = `documents/${caseId}/extra-v1`;
      const { size } = await storage.put(extraKey, demoPdf('Aanvullende correspondentie'));
      await db.insert(documents).values([
        {
          caseId,
          title: 'E-mail van leidinggevende',
          mandatory: false,
          status: 'Uploaded',
          filename: 'email-leidinggevende.pdf',
          extension: 'pdf',
          contentType: 'application/pdf',
          sizeBytes: size,
          storageKey: extraKey,
          version: 1,
          uploadedAt: new Date(created.getTime() + 6 * DAY_MS),
          uploadedBy: clientId,
          createdAt: new Date(created.getTime() + 6 * DAY_MS),
        },
        ...(lawyerId
          ? [
              {
                caseId,
                title: 'Interne notitie jurist',
                mandatory: false,
                visible: false,
                status: 'Uploaded' as const,
                filename: 'notitie.pdf',
                extension: 'pdf',
                contentType: 'application/pdf',
                sizeBytes: size,
                storageKey: extraKey,
                version: 1,
                uploadedAt: new Date(created.getTime() + 7 * DAY_MS),
                uploadedBy: lawyerId,
                createdAt: new Date(created.getTime() + 7 * DAY_MS),
              },
            ]
          : []),
      ]);
    }
    if (client.feedback && lawyerId) {
      await db.insert(feedback).values({
        caseId,
        lawyerId,
        clientId,
        text: client.feedback,
        readByLawyer: client.status === 'completed',
        createdAt: new Date(now.getTime() - (i === 10 ? 4 : 1) * DAY_MS),
        updatedAt: new Date(now.getTime() - (i === 10 ? 4 : 1) * DAY_MS),
      });
    }
  }
  // Demo data mails nobody: what the letter's sending queued ('Je opdrachtbevestiging staat klaar')
  // goes, so the first start prints only the codes people ask for (and an SMTP_URL sends nothing).
  await db.delete(outbox).where(eq(outbox.status, 'pending'));
  return { lawyers: lawyerIds, clients: clientIds };
}
