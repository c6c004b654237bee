export const TITLE_SEPARATOR = ' | ';

/** The browser tab title: the page title, a separator, then the product name (SPEC section 2). */
export function formatDocumentTitle(pageTitle: string | undefined, productName: string): string {
  return pageTitle ? `${pageTitle}${TITLE_SEPARATOR}${productName}` : productName;
}
