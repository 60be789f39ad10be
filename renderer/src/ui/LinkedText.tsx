// A sentence with its web addresses as links (opened outside the app, as every external link is).
import { textWithLinks } from '../format/text-links';
import { ExternalLink } from './ExternalLink';

export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {textWithLinks(text).map((part, index) =>
        'url' in part ? (
          <ExternalLink key={index} href={part.url} testId="text-link">
            {part.url}
          </ExternalLink>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
