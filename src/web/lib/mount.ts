/** the text shown when index.html has no root element. */
export const MISSING_ROOT_MESSAGE = "Something has gone terribly wrong. The app couldn't find its home :(";

/** The element the app renders into; without one the page says so instead of staying blank. */
export function getRootElement(doc: Document): HTMLElement {
  const root = doc.getElementById('root');
  if (root) return root;
  const message = doc.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = MISSING_ROOT_MESSAGE;
  doc.body.append(message);
  throw new Error(MISSING_ROOT_MESSAGE);
}
