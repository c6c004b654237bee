/**
 * Leaving the portal for Mollie's checkout (a full page load: the checkout is another site). One
 * object, so a component test can watch where the page would go.
 */
export const checkout = {
  open: (url: string): void => window.location.assign(url),
};
