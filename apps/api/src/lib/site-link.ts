/** A page of the site as links in mails and answers name it: PUBLIC_URL (never the Host header) and `path`. */
export const siteLink = (publicUrl: string, path: string): string =>
  `${publicUrl.replace(/\/+$/, '')}${path}`;
