import type { StatusContent, StepButton, StepContent } from '../../../contract/stepper';
import type { StatusSlug } from '../../../contract/statuses';

type Copy = [subtitle: string, title: string, description: string];

const step = (
  colour: 'red' | 'green',
  [subtitle, title, description]: Copy,
  buttons: StepButton[] = [],
): StepContent => ({ subtitle, colour, title, description, buttons });

const prepareNl: StepButton[] = [
  { action: 'personal-data', label: 'Persoonlijke gegevens' },
  { action: 'employer-data', label: 'Gegevens werkgever' },
  { action: 'documents', label: 'Documenten' },
];
const prepareEn: StepButton[] = [
  { action: 'personal-data', label: 'Personal details' },
  { action: 'employer-data', label: 'Employer details' },
  { action: 'documents', label: 'Documents' },
];

/**
 * The client stepper texts of every phase, seeded into `statuses.content` (Dutch, with an
 * English translation). The firm can change them in the database without a release.
 */
export const STEPPER_CONTENT: Record<StatusSlug, StatusContent> = {
  lead: {
    incomplete: step(
      'red',
      [
        'Stap 1',
        'Vul je gegevens aan',
        'Fijn dat je er bent. Vul je persoonlijke gegevens en de gegevens van je werkgever in en upload ' +
          'je documenten. Dan kunnen we je situatie goed beoordelen.',
      ],
      prepareNl,
    ),
    complete: step(
      'green',
      [
        'Stap 1',
        'Je gegevens zijn compleet',
        'Dank je wel! We hebben alles wat we nodig hebben om je situatie te beoordelen. Kies nu het ' +
          'pakket dat bij je past.',
      ],
      [{ action: 'offer', label: 'Bekijk de offerte' }],
    ),
    en: {
      incomplete: step(
        'red',
        [
          'Step 1',
          'Complete your details',
          'Welcome. Fill in your personal details and your employer’s details and upload your documents, ' +
            'so we can assess your situation properly.',
        ],
        prepareEn,
      ),
      complete: step(
        'green',
        [
          'Step 1',
          'Your details are complete',
          'Thank you! We have everything we need to assess your situation. Now choose the package that suits you.',
        ],
        [{ action: 'offer', label: 'View the offer' }],
      ),
    },
  },
  'almost-client': {
    incomplete: step(
      'red',
      [
        'Stap 2',
        'Kies je pakket',
        'Bekijk onze pakketten en kies wat bij jou past. Je zit nergens aan vast: na ondertekening heb je ' +
          '14 dagen herroepingsrecht.',
      ],
      [{ action: 'offer', label: 'Bekijk de offerte' }],
    ),
    complete: step('green', [
      'Stap 2',
      'Je pakket is gekozen',
      'Je hebt een pakket gekozen. We gaan voor je aan de slag.',
    ]),
    en: {
      incomplete: step(
        'red',
        [
          'Step 2',
          'Choose your package',
          'Look at our packages and choose the one that suits you. You are not tied to anything: after ' +
            'signing you have a 14-day right of withdrawal.',
        ],
        [{ action: 'offer', label: 'View the offer' }],
      ),
      complete: step('green', [
        'Step 2',
        'Your package is chosen',
        'You have chosen a package. We are getting to work for you.',
      ]),
    },
  },
  'offer-chosen': {
    incomplete: step(
      'green',
      [
        'Stap 3',
        'We koppelen een jurist aan je',
        'Je hebt een pakket gekozen. Binnen 24 uur wordt er een arbeidsrechtjurist aan je toegewezen, die ' +
          'contact met je opneemt.',
      ],
      [{ action: 'lawyer', label: 'Bekijk je jurist' }],
    ),
    complete: step('green', [
      'Stap 3',
      'Je jurist is bekend',
      'Er is een arbeidsrechtjurist aan je gekoppeld. Je kunt zijn of haar gegevens altijd hier terugvinden.',
    ]),
    en: {
      incomplete: step(
        'green',
        [
          'Step 3',
          'We are assigning a lawyer',
          'You have chosen a package. An employment lawyer will be assigned to you within 24 hours and ' +
            'will contact you.',
        ],
        [{ action: 'lawyer', label: 'See your lawyer' }],
      ),
      complete: step('green', [
        'Step 3',
        'Your lawyer is known',
        'An employment lawyer has been assigned to you. You can always find their details here.',
      ]),
    },
  },
  proposal: {
    incomplete: step(
      'red',
      [
        'Stap 4',
        'Onderteken de opdrachtbevestiging',
        'Je jurist heeft de opdrachtbevestiging voor je klaargezet. Lees deze rustig door en onderteken ' +
          'hem in je portaal, dan kunnen we officieel voor je aan de slag.',
      ],
      [{ action: 'proposal', label: 'Opdrachtbevestiging bekijken' }],
    ),
    complete: step('green', [
      'Stap 4',
      'Opdrachtbevestiging ondertekend',
      'Dank je wel voor je handtekening. We gaan officieel voor je aan de slag.',
    ]),
    en: {
      incomplete: step(
        'red',
        [
          'Step 4',
          'Sign the engagement letter',
          'Your lawyer has prepared the engagement letter for you. Read it at your leisure and sign it in ' +
            'your portal, so we can officially start working for you.',
        ],
        [{ action: 'proposal', label: 'View the engagement letter' }],
      ),
      complete: step('green', [
        'Step 4',
        'Engagement letter signed',
        'Thank you for signing. We are officially working for you now.',
      ]),
    },
  },
  'incomplete-case-file': {
    incomplete: step(
      'red',
      [
        'Stap 5',
        'Maak je dossier compleet',
        'Om je zaak goed voor te bereiden hebben we nog wat van je nodig. Controleer je gegevens en ' +
          'upload de ontbrekende documenten.',
      ],
      prepareNl,
    ),
    complete: step('green', [
      'Stap 5',
      'Je dossier is compleet',
      'Top, je dossier is compleet! Je jurist gaat je documenten nu bestuderen.',
    ]),
    en: {
      incomplete: step(
        'red',
        [
          'Step 5',
          'Complete your case file',
          'To prepare your case well we still need a few things from you. Check your details and upload ' +
            'the missing documents.',
        ],
        prepareEn,
      ),
      complete: step('green', [
        'Step 5',
        'Your case file is complete',
        'Great, your case file is complete! Your lawyer will now study your documents.',
      ]),
    },
  },
  'reviewing-documents': {
    incomplete: step(
      'green',
      [
        'Stap 6',
        'Je jurist bestudeert je documenten',
        'Je jurist leest je documenten en je verhaal zorgvuldig door. Als er iets ontbreekt of ' +
          'onduidelijk is, hoor je het van ons.',
      ],
      [{ action: 'my-story', label: 'Bekijk mijn verhaal' }],
    ),
    complete: step('green', ['Stap 6', 'Documenten bestudeerd', 'Je jurist heeft je documenten bestudeerd.']),
    en: {
      incomplete: step(
        'green',
        [
          'Step 6',
          'Your lawyer is studying your documents',
          'Your lawyer is carefully reading your documents and your story. If anything is missing or ' +
            'unclear, we will let you know.',
        ],
        [{ action: 'my-story', label: 'View my story' }],
      ),
      complete: step('green', ['Step 6', 'Documents studied', 'Your lawyer has studied your documents.']),
    },
  },
  'negotiation-phase': {
    incomplete: step('green', [
      'Stap 7',
      'We onderhandelen voor je',
      'Je jurist is in gesprek met je werkgever om de beste regeling voor je te krijgen. We houden je op de hoogte.',
    ]),
    complete: step('green', [
      'Stap 7',
      'Onderhandelingen afgerond',
      'De onderhandelingen met je werkgever zijn afgerond.',
    ]),
    en: {
      incomplete: step('green', [
        'Step 7',
        'We are negotiating for you',
        'Your lawyer is talking to your employer to get you the best settlement. We will keep you informed.',
      ]),
      complete: step('green', ['Step 7', 'Negotiations finished', 'The negotiations with your employer are finished.']),
    },
  },
  check: {
    incomplete: step('green', [
      'Stap 8',
      'We controleren de afspraken',
      'Je jurist controleert de afspraken tot in detail, zodat alles klopt en je WW-rechten veilig zijn.',
    ]),
    complete: step('green', ['Stap 8', 'Afspraken gecontroleerd', 'Alle afspraken zijn gecontroleerd.']),
    en: {
      incomplete: step('green', [
        'Step 8',
        'We are checking the agreement',
        'Your lawyer is checking every detail of the agreement, so that everything is right and your ' +
          'unemployment benefit rights are safe.',
      ]),
      complete: step('green', ['Step 8', 'Agreement checked', 'Every part of the agreement has been checked.']),
    },
  },
  'ready-for-signing': {
    incomplete: step(
      'red',
      [
        'Stap 9',
        'Klaar om te tekenen',
        'De overeenkomst is klaar. Je jurist neemt de afspraken met je door voordat je tekent. Heb je ' +
          'vragen? Neem gerust contact op.',
      ],
      [{ action: 'lawyer', label: 'Neem contact op' }],
    ),
    complete: step('green', ['Stap 9', 'Overeenkomst getekend', 'De overeenkomst is getekend.']),
    en: {
      incomplete: step(
        'red',
        [
          'Step 9',
          'Ready to sign',
          'The agreement is ready. Your lawyer will go through it with you before you sign. Any ' +
            'questions? Feel free to get in touch.',
        ],
        [{ action: 'lawyer', label: 'Get in touch' }],
      ),
      complete: step('green', ['Step 9', 'Agreement signed', 'The agreement has been signed.']),
    },
  },
  'ready-for-invoicing': {
    incomplete: step(
      'green',
      [
        'Stap 10',
        'Je zaak is bijna afgerond',
        'Gefeliciteerd, het is gelukt! We ronden je zaak nu administratief af. Hoe heb je onze hulp ' +
          'ervaren? We horen het graag.',
      ],
      [{ action: 'feedback', label: 'Deel je ervaring' }],
    ),
    complete: step(
      'green',
      [
        'Stap 10',
        'Bedankt voor je feedback',
        'Dank je wel voor je feedback! Wil je anderen helpen met een review? Daar zijn we je erg dankbaar voor.',
      ],
      [{ action: 'review', label: 'Schrijf een review' }],
    ),
    en: {
      incomplete: step(
        'green',
        [
          'Step 10',
          'Your case is almost finished',
          'Congratulations, we did it! We are now finishing your case administratively. How did you find ' +
            'our help? We would love to hear.',
        ],
        [{ action: 'feedback', label: 'Share your experience' }],
      ),
      complete: step(
        'green',
        [
          'Step 10',
          'Thank you for your feedback',
          'Thank you for your feedback! Would you help others with a review? We would be very grateful.',
        ],
        [{ action: 'review', label: 'Write a review' }],
      ),
    },
  },
  completed: {
    incomplete: step(
      'green',
      [
        'Stap 11',
        'Je zaak is afgerond',
        'Je zaak is afgerond. Bedankt voor je vertrouwen! Je account wordt 6 maanden na afronding ' +
          'automatisch verwijderd. Hoe heb je onze hulp ervaren?',
      ],
      [{ action: 'feedback', label: 'Deel je ervaring' }],
    ),
    complete: step(
      'green',
      [
        'Stap 11',
        'Bedankt en veel succes!',
        'Je zaak is afgerond en je feedback is binnen. Bedankt! Je account wordt 6 maanden na afronding ' +
          'automatisch verwijderd.',
      ],
      [{ action: 'review', label: 'Schrijf een review' }],
    ),
    en: {
      incomplete: step(
        'green',
        [
          'Step 11',
          'Your case is finished',
          'Your case is finished. Thank you for your trust! Your account is deleted automatically 6 ' +
            'months after completion. How did you find our help?',
        ],
        [{ action: 'feedback', label: 'Share your experience' }],
      ),
      complete: step(
        'green',
        [
          'Step 11',
          'Thank you and good luck!',
          'Your case is finished and we have your feedback. Thank you! Your account is deleted ' +
            'automatically 6 months after completion.',
        ],
        [{ action: 'review', label: 'Write a review' }],
      ),
    },
  },
};
