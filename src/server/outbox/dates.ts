const format = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** A date as mails state it: dd-mm-jjjj in Europe/Amsterdam (the same in both languages). */
export const formatMailDate = (date: Date): string => format.format(date);
