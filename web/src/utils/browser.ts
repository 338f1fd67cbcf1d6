/**
 * Leaving the single-page app: full-page redirects and new windows. Kept in one place so the
 * session code reads as intent ("go to sign-on") and tests can observe where it would go.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  replace(url: string): void {
    window.location.replace(url);
  },
  open(url: string): void {
    window.open(url, '_blank', 'noopener');
  },
};
