// A feed's link: a new window without our page as its opener (the desktop shell asks before opening it).
import type { ReactNode } from 'react';
import { externalLink } from '../format/external-link';

export function ExternalLink({ href, children, testId = 'news-link' }: { href: string | null | undefined; children: ReactNode; testId?: string }) {
  const safe = externalLink(href);
  if (!safe) return <>{children}</>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {children}
    </a>
  );
}
