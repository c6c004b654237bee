export type NameParts = { name?: string | null; infix?: string | null; last_name?: string | null };

/** Joins the non-empty parts of name, infix and last_name; 'Onbekend' when all are empty. */
export function getDisplayName(person: NameParts): string {
  const parts = [person.name, person.infix, person.last_name].map((p) => p?.trim() ?? '').filter((p) => p.length > 0);
  return parts.length > 0 ? parts.join(' ') : 'Onbekend';
}

/** An avatar counts as missing when empty or equal to the bare prefix '/storage/'. */
export function hasAvatar(avatar: string | null | undefined): avatar is string {
  return typeof avatar === 'string' && avatar.trim() !== '' && avatar !== '/storage/';
}
