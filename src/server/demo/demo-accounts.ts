/** Demo accounts seeded on the first start of an empty embedded database. */
export const DEMO_LAWYERS = [
  { email: 'sanne.jansen@example.com', name: 'Sanne', infix: null, lastName: 'Jansen' },
  { email: 'daan.visser@example.com', name: 'Daan', infix: null, lastName: 'Visser' },
] as const;

/** The firm's demo admin ('beheerder') for /beheer. */
export const DEMO_ADMIN = { email: 'beheer@example.com', name: 'Bea', infix: null, lastName: 'Beheer' } as const;

export const DEMO_CLIENT_EMAILS = Array.from(
  { length: 12 },
  (_, i) => `client${String(i + 1).padStart(2, '0')}@example.com`,
);
