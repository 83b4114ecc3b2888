// Text put into the HTML pages the Worker writes (dashboard, API reference): every
// character that could open markup or end an attribute, as a numeric reference.
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
