/**
 * Lets non-React code (the API client's logout, auth actions) navigate through the router.
 * Until the router registers itself, a full page load does the job.
 */
let navigator: (to: string) => void = (to) => window.location.assign(to);

export function setNavigator(next: (to: string) => void): void {
  navigator = next;
}

export function navigateTo(to: string): void {
  navigator(to);
}
