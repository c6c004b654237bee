import { PERMISSIONS, type Role } from '../../contract/permissions';
import type { User } from '../../contract/users';
import type { Site } from '../../contract/site';

let counter = 0;

export function makeUser(role: Role, overrides: Partial<User> = {}): User {
  counter += 1;
  const isLawyer = role === 'lawyer';
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: isLawyer ? 'Sanne' : 'Kees',
    infix: isLawyer ? null : 'de',
    last_name: isLawyer ? 'Jansen' : 'Vries',
    full_name: isLawyer ? 'Sanne Jansen' : 'Kees de Vries',
    avatar: null,
    email: isLawyer ? 'sanne.jansen@example.com' : `client${counter}@example.com`,
    phone_number: null,
    street: null,
    house_number: null,
    postcode: null,
    city: null,
    quote: null,
    title: isLawyer ? 'Arbeidsrechtjurist' : null,
    availability: [],
    case: null,
    roles: [role],
    permissions: [...PERMISSIONS[role]],
    language: 'nl-NL',
    ...overrides,
  };
}

export const site: Site = {
  product_name: 'Testportaal',
  support_email: 'support@example.com',
  support_phone: '010 123 45 67',
  address_lines: ['Coolsingel 1', '3011 AA Rotterdam'],
  contact_url: 'https://example.com/contact',
  calculation_tools_url: 'https://example.com/rekentools',
  review_url: 'https://example.com/review',
  terms_url: 'https://example.com/voorwaarden.pdf',
  disclaimer_url: 'https://example.com/disclaimer.pdf',
  privacy_url: 'https://example.com/privacy.pdf',
};
