import { formatDate, formatDateTime } from '../../../contract/rules/dutch-date';

/** A moment's date as mails and PDFs state it: dd-mm-yyyy in Europe/Amsterdam, whatever the server's own time zone. */
export const formatMailDate = (date: Date): string => formatDate(date);

/** A calendar day (YYYY-MM-DD) as dd-mm-yyyy: that very day, with no time zone to shift it. Anything else as it is. */
export const formatMailDay = (day: string): string => formatDate(day) || day;

/** A moment as dd-mm-jjjj HH:mm in Amsterdam (a link's end, as a mail states it). */
export const formatMailMoment = (date: Date): string => formatDateTime(date);
